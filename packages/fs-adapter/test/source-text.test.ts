import { describe, expect, it } from 'vitest';
import { decodeSourceText, formatBytes } from '../src/source-text.js';

describe('decodeSourceText', () => {
  it('drops a UTF-8 BOM', () => {
    expect(decodeSourceText(Buffer.from('\uFEFFconst a = 1;', 'utf8'))).toBe('const a = 1;');
  });

  it('reads UTF-16 LE and BE with their BOM', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('let é = 1;', 'utf16le')]);
    const be = Buffer.from(Buffer.concat([Buffer.from('let é = 1;', 'utf16le')])).swap16();
    expect(decodeSourceText(le)).toBe('let é = 1;');
    expect(decodeSourceText(Buffer.concat([Buffer.from([0xfe, 0xff]), be]))).toBe('let é = 1;');
  });

  it('refuses binary content', () => {
    expect(decodeSourceText(Buffer.from([0x63, 0x00, 0x64]))).toBeUndefined();
  });
});

describe('formatBytes', () => {
  it('names the unit a person would', () => {
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MiB');
    expect(formatBytes(512 * 1024)).toBe('512 KiB');
    expect(formatBytes(300)).toBe('300 bytes');
  });
});
