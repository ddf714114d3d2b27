import { describe, expect, it } from 'vitest';
import { deletedDuringCall, fileFaultReason, formatBytes, thrownReason, unusableFile } from '../../src/errors/file-failures.js';
import { BridgeException, bridgeError } from '../../src/errors/bridge-error.js';

describe('file failures', () => {
  it('names a size limit in the unit a person would', () => {
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MiB');
    expect(formatBytes(512 * 1024)).toBe('512 KiB');
    expect(formatBytes(300)).toBe('300 bytes');
  });

  it('gives each fault of a file its reason', () => {
    expect(fileFaultReason({ kind: 'too-large', limitBytes: 1024 })).toBe('file is larger than 1 KiB');
    expect(fileFaultReason({ kind: 'unreadable', code: 'EACCES' })).toBe('cannot read the file (EACCES)');
    expect(fileFaultReason({ kind: 'binary' })).toBe('binary file (contains NUL bytes)');
    expect(fileFaultReason({ kind: 'unparsable' })).toBe('nested too deeply to parse (the parser ran out of stack)');
  });

  it('names the file relative to the workspace root, and outside it by its whole path', () => {
    expect(unusableFile('/w', '/w/src/a.ts', 'binary file', 'check')).toMatchObject({
      code: 'FILE_UNREADABLE',
      message: 'Cannot check src/a.ts: binary file',
    });
    expect(unusableFile('/w', '/elsewhere/b.ts', 'binary file', 'use').message).toBe('Cannot use /elsewhere/b.ts: binary file');
    expect(deletedDuringCall('/w', '/w/src/a.ts')).toMatchObject({
      code: 'FILE_NOT_FOUND',
      message: '"src/a.ts" was deleted while the call ran',
    });
  });

  it("takes a thrown refusal's message, else the error's", () => {
    expect(thrownReason(new BridgeException(bridgeError('CONFIG_NOT_FOUND', 'tsconfig.json is broken')))).toBe('tsconfig.json is broken');
    expect(thrownReason(new Error('boom'))).toBe('boom');
    expect(thrownReason('plain')).toBe('plain');
  });
});
