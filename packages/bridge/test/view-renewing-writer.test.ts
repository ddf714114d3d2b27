import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AtomicFileWriter } from '@mcp-lsp-bridge/fs-adapter';
import { oneViewPerOperation, Workspace } from '@mcp-lsp-bridge/workspace';
import { describe, expect, it } from 'vitest';
import { viewRenewingWriter } from '../src/view-renewing-writer.js';

describe('viewRenewingWriter', () => {
  it("gives the writing operation's next port call the text it wrote", async () => {
    const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'renewing-writer-')));
    const state = fs.mkdtempSync(path.join(os.tmpdir(), 'renewing-writer-state-'));
    const file = path.join(root, 'a.ts');
    fs.writeFileSync(file, 'export const a = 0;\n');
    const workspace = new Workspace({ maxFileBytes: 1024 * 1024 });
    try {
      const writer = viewRenewingWriter(new AtomicFileWriter({}, { stateDirectories: [state] }));
      const signal = new AbortController().signal;
      oneViewPerOperation(signal);
      const scope = { workspaceRoot: root, signal };
      await workspace.begin(scope);
      expect(workspace.files.text(file)).toBe('export const a = 0;\n');
      await writer.writeAll(root, [{ path: file, expectedText: 'export const a = 0;\n', newText: 'export const a = 1;\n' }], signal);
      await workspace.begin(scope);
      expect(workspace.files.text(file)).toBe('export const a = 1;\n');
    } finally {
      workspace.dispose();
      fs.rmSync(root, { recursive: true, force: true });
      fs.rmSync(state, { recursive: true, force: true });
    }
  });
});
