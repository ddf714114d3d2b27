import { describe, expect, it } from 'vitest';
import { offsetOf, spanOf } from './spans.js';
import { TsSourceSyntax } from '../src/ts-source-syntax.js';

const syntax = new TsSourceSyntax();
const path = '/w/src/globs.ts';

const text = `#!/usr/bin/env node
/** The header of the file. */

// Matches every file under src/**
export function keepMe(): string {
  return 'src/**/*.ts';
}

/* helpers below */
export function target(): number {
  return 1;
}

/** Old doc. */
// eslint-disable-next-line
export function lineCommentBetween(): void {}

/**/
export function emptyBlock(): void {}

/**
 * Two lines
 * of doc.
 */
export const documented = () => 2;

const s = '/** not a comment */'; export function afterString(): void {}

export class Holder {
  /** The member's doc. */
  @dec() member(): void {}
}
`;

const docOf = (name: string) => syntax.declarationAt(path, text, offsetOf(text, name))?.docComment;

describe('TsSourceSyntax doc comments', () => {
  it('finds the doc comment right before a declaration, from the parser: a variable statement, a decorated member', () => {
    expect(docOf('documented')).toEqual(spanOf(text, '/**\n * Two lines\n * of doc.\n */'));
    expect(docOf('member(')).toEqual(spanOf(text, "/** The member's doc. */"));
  });

  it('never takes a /** inside a line comment or a string for the start of one', () => {
    expect(docOf('keepMe')).toBeUndefined();
    expect(docOf('target')).toBeUndefined();
    expect(docOf('afterString')).toBeUndefined();
  });

  it('gives none when a line comment stands between the doc comment and the declaration, or for an empty /**/', () => {
    expect(docOf('lineCommentBetween')).toBeUndefined();
    expect(docOf('emptyBlock')).toBeUndefined();
  });

  it('finds a doc comment that follows a shebang at the start of the file', () => {
    const source = '#!/usr/bin/env node\n/** First. */\nexport function first(): void {}\n';
    expect(syntax.declarationAt(path, source, offsetOf(source, 'first'))?.docComment).toEqual(spanOf(source, '/** First. */'));
  });
});
