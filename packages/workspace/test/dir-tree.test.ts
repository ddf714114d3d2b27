import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bridgeErrorOf } from '@mcp-lsp-bridge/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { DirTree } from '../src/files/dir-tree.js';

describe('directory walks', () => {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  function treeWith(directories: number): string {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'dir-tree-'));
    made.push(root);
    for (let i = 0; i < directories; i++) fs.mkdirSync(path.join(root, `d${i}`, 'src'), { recursive: true });
    fs.writeFileSync(path.join(root, 'd0', 'src', 'a.ts'), 'export const a = 1;\n');
    return root;
  }

  it('lists the files of a tree within the directory budget', () => {
    const root = treeWith(3);
    const tree = new DirTree([{ path: root, recursive: true }], 20);
    tree.rescan(1);
    expect([...tree.files()]).toEqual([path.join(root, 'd0', 'src', 'a.ts')]);
  });

  it('refuses with CONFIG_NOT_FOUND, naming the root, a walk that goes past the budget', () => {
    const root = treeWith(6);
    const tree = new DirTree([{ path: root, recursive: true }], 10);
    let thrown: unknown;
    try {
      tree.rescan(1);
    } catch (error) {
      thrown = error;
    }
    const error = bridgeErrorOf(thrown);
    expect(error?.code).toBe('CONFIG_NOT_FOUND');
    expect(error?.message).toContain(root);
    expect(error?.message).toContain('10 directories');
    expect(error?.resolution).toMatch(/workspaceRoot/);
  });
});
