import { describe, expect, it } from 'vitest';
import { decodeSourceText } from '../src/source-text.js';

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
