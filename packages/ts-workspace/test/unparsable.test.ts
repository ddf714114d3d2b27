import fs from 'node:fs';
import { BridgeException } from '@mcp-lsp-bridge/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { TsWorkspace } from '../src/ts-workspace.js';
import { TempDir } from './temp-dir.js';

const UNPARSABLE_REASON = 'nested too deeply to parse (the parser ran out of stack)';

/** Nested far past any parser's stack. */
const DEEP = `export const deep = ${'['.repeat(50_000)}${']'.repeat(50_000)};\n`;

describe('files the parser runs out of stack on', () => {
  let fx: TempDir;
  afterEach(() => fx.cleanup());

  it('are found among candidates, then served empty as failures until their content changes', () => {
    fx = new TempDir();
    const workspace = TsWorkspace.standalone({ maxFileBytes: 1024 * 1024 });
    const fine = fx.write('fine.ts', 'export const a = [[1]];\n');
    const deep = fx.write('deep.ts', DEEP);
    workspace.files.beginCall();
    const before = workspace.files.version(deep);

    expect(workspace.markUnparsable([fine, deep, fine], true)).toEqual([deep]);
    expect(workspace.files.failure(deep)).toBe(UNPARSABLE_REASON);
    expect([workspace.files.text(deep), workspace.files.compilerText(deep)]).toEqual([undefined, '']);
    expect(workspace.files.version(deep)).not.toBe(before);
    expect(workspace.files.failure(fine)).toBeUndefined();

    // Rewritten with the same content (a new stat): still the same failure.
    fs.writeFileSync(deep, DEEP);
    workspace.files.beginCall();
    expect(workspace.files.failure(deep)).toBe(UNPARSABLE_REASON);

    fs.writeFileSync(deep, 'export const deep = [];\n');
    workspace.files.beginCall();
    expect(workspace.files.failure(deep)).toBeUndefined();
    expect(workspace.files.text(deep)).toBe('export const deep = [];\n');
  });

  it('stop at the first found unless all are asked for', () => {
    fx = new TempDir();
    const workspace = TsWorkspace.standalone({ maxFileBytes: 1024 * 1024 });
    const one = fx.write('one.ts', DEEP);
    const two = fx.write('two.ts', DEEP);
    workspace.files.beginCall();
    expect(workspace.markUnparsable([one, two])).toEqual([one]);
    expect(workspace.files.failure(two)).toBeUndefined();
  });

  it('refuse a standalone parse with FILE_UNREADABLE and become failures', () => {
    fx = new TempDir();
    const workspace = TsWorkspace.standalone({ maxFileBytes: 1024 * 1024 });
    const deep = fx.write('deep.ts', DEEP);
    workspace.files.beginCall();
    let thrown: unknown;
    try {
      workspace.syntaxOf(deep);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(BridgeException);
    expect((thrown as BridgeException).bridgeError.code).toBe('FILE_UNREADABLE');
    expect(workspace.files.failure(deep)).toBe(UNPARSABLE_REASON);
    expect(workspace.syntaxOf(deep)).toBeUndefined();
  });
});
