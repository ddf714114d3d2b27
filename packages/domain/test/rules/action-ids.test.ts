import { describe, expect, it } from 'vitest';
import { decodeActionId, encodeActionId, textHash, type ActionAddress } from '../../src/rules/action-ids.js';

const ADDRESS: ActionAddress = {
  file: 'src/a b|c.ts',
  hash: textHash('const x = 1;\n'),
  start: 4,
  end: 9,
  kinds: ['quickfix', 'source.fixAll'],
  code: 'TS2304',
  ref: '["q",4,5,2304,"import","Add import from \\"./shapes\\""]',
};

describe('action ids', () => {
  it('encode everything needed to compute the action again, and decode to the same', () => {
    const id = encodeActionId(ADDRESS);
    expect(id.startsWith('ca1|')).toBe(true);
    expect(id.split('|')).toHaveLength(7);
    expect(decodeActionId(encodeActionId({ ...ADDRESS, ref: "Change spelling to 'String'" }))?.ref).toBe("Change spelling to 'String'");
    expect(encodeActionId({ ...ADDRESS, ref: "Change spelling to 'String'" })).not.toContain("'");
    expect(decodeActionId(id)).toEqual(ADDRESS);
  });

  it('leave out an absent code and keep an empty kind list empty', () => {
    const { code: _code, ...rest } = ADDRESS;
    const plain = { ...rest, kinds: [] };
    expect(decodeActionId(encodeActionId(plain))).toEqual(plain);
  });

  it('are refused when they were not made by encodeActionId', () => {
    const id = encodeActionId(ADDRESS);
    for (const bad of [
      '',
      'abc',
      id.replace('ca1', 'ca2'),
      id.replace(/\|[0-9a-f]{16}\|/, '|xyz|'),
      `${id}|more`,
      id.replace('4-9', '9-4'),
      'ca1|%E0%A4%A|0000000000000000|1-2||| r',
    ]) {
      expect(decodeActionId(bad), bad).toBeUndefined();
    }
  });

  it('hash a text to 16 hex digits that change with any edit', () => {
    const text = 'export const answer = 42;\n';
    expect(textHash(text)).toMatch(/^[0-9a-f]{16}$/);
    expect(textHash(text)).toBe(textHash(text.slice(0)));
    expect(textHash(text)).not.toBe(textHash(text.replace('42', '43')));
    expect(textHash(text)).not.toBe(textHash(`${text} `));
    expect(textHash('ab')).not.toBe(textHash('ba'));
  });
});
