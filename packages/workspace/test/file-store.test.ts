import fs from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { FileStore } from '../src/files/file-store.js';
import { TempDir } from './temp-dir.js';

describe('file store', () => {
  let fx: TempDir;
  afterEach(() => fx.cleanup());

  it('decodes UTF-8 and UTF-16 (either byte order) without the byte-order mark', () => {
    fx = new TempDir();
    const store = new FileStore(1024);
    const text = 'const é = "😀";\n';
    const le = fx.write('le.ts', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]));
    const be = fx.write('be.ts', Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]));
    const utf8 = fx.write('bom.ts', `\uFEFF${text}`);
    store.beginCall();
    expect([store.text(le), store.text(be), store.text(utf8)]).toEqual([text, text, text]);
  });

  it('explains why a file cannot be used, and serves it empty to the compiler', () => {
    fx = new TempDir();
    const store = new FileStore(16);
    const binary = fx.write('blob.ts', Buffer.from([0x61, 0x00, 0x62]));
    const large = fx.write('large.ts', 'x'.repeat(17));
    store.beginCall();
    expect(store.failure(binary)).toBe('binary file (contains NUL bytes)');
    expect(store.failure(large)).toBe('file is larger than 16 bytes');
    expect([store.text(binary), store.compilerText(binary)]).toEqual([undefined, '']);
    expect(store.compilerText(fx.path('missing.ts'))).toBeUndefined();
  });

  it('names a file found empty just after it held text as in flux, until it holds text again', () => {
    fx = new TempDir();
    const store = new FileStore(1024);
    const file = fx.write('src/a.ts', 'const a = 1;\n');
    const empty = fx.write('src/empty.ts', '');
    store.beginCall();
    expect([store.text(file), store.text(empty)]).toEqual(['const a = 1;\n', '']);
    // Another program truncates the file to write it in place; its new text is not there yet.
    fs.truncateSync(file, 0);
    store.beginCall();
    expect(store.text(file)).toBe('');
    expect(store.inFlux(fx.path('.'))).toEqual([file]);
    expect(store.inFlux(fx.path('src'))).toEqual([file]);
    expect(store.inFlux(fx.path('elsewhere'))).toEqual([]);
    // A directory whose name only begins like the file's is not above it.
    expect(store.inFlux(fx.path('sr'))).toEqual([]);
    fx.write('src/a.ts', 'const a = 2;\n');
    store.beginCall();
    expect(store.inFlux(fx.path('.'))).toEqual([]);
    expect(store.text(file)).toBe('const a = 2;\n');
  });

  it('keeps the version when a file is rewritten with the same text, and changes it when the text changes', () => {
    fx = new TempDir();
    const store = new FileStore(1024);
    const file = fx.write('a.ts', 'const a = 1;\n');
    store.beginCall();
    const first = store.version(file);
    fx.write('a.ts', 'const a = 1;\n');
    store.beginCall();
    expect(store.version(file)).toBe(first);
    fx.write('a.ts', 'const a = 2;\n');
    store.beginCall();
    expect(store.version(file)).not.toBe(first);
    expect(store.text(file)).toBe('const a = 2;\n');
  });

  it('sees a same-size rewrite whose mtime was put back to an old value', () => {
    fx = new TempDir();
    const store = new FileStore(1024);
    const file = fx.write('a.ts', 'const a = 1;\n');
    const old = new Date(Date.now() - 3_600_000);
    fs.utimesSync(file, old, old);
    store.beginCall();
    const first = store.version(file);
    fx.write('a.ts', 'const a = 9;\n');
    fs.utimesSync(file, old, old);
    store.beginCall();
    expect(store.version(file)).not.toBe(first);
    expect(store.text(file)).toBe('const a = 9;\n');
  });

  it('drops idle texts after many calls but keeps their versions', () => {
    fx = new TempDir();
    const store = new FileStore(1024);
    const file = fx.write('a.ts', 'const a = 1;\n');
    store.beginCall();
    const version = store.version(file);
    for (let i = 0; i < 1200; i++) store.beginCall();
    expect(store.version(file)).toBe(version);
    expect(store.text(file)).toBe('const a = 1;\n');
  });
});
