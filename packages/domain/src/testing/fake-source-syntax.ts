import type { DeclarationShape, NameSite, SourceSyntax } from '../ports/source-syntax.js';
import type { DiagnosticRecord } from '../ports/symbol-index.js';

/**
 * A stand-in parser for use-case tests: unbalanced braces are the only syntax error, and
 * the declarations are hand-made per text, found by the name offset or by their range.
 */
export class FakeSourceSyntax implements SourceSyntax {
  /** Declarations a test declares for a text, keyed by the exact text. */
  readonly shapes = new Map<string, readonly (DeclarationShape & { readonly nameStart: number })[]>();
  /** When set, computes the declarations of any text (used for texts the use-case builds). */
  derive: ((text: string) => readonly (DeclarationShape & { readonly nameStart: number })[]) | undefined;

  syntaxErrors(path: string, text: string): readonly DiagnosticRecord[] {
    let depth = 0;
    for (let i = 0; i < text.length; i++) {
      if (text[i] === '{') depth++;
      if (text[i] === '}') depth--;
      if (depth < 0) return [{ path, start: i, length: 1, category: 'error', code: 1128, message: 'Declaration or statement expected.' }];
    }
    return depth > 0 ? [{ path, start: text.length, length: 0, category: 'error', code: 1005, message: "'}' expected." }] : [];
  }

  declarationAt(_path: string, text: string, offset: number): DeclarationShape | undefined {
    return this.of(text)
      .filter((s) => s.nameStart === offset || s.start === offset)
      .sort((a, b) => b.start - a.start)[0];
  }

  declarationSpanning(_path: string, text: string, start: number, end: number): DeclarationShape | undefined {
    const inside = this.of(text).filter(
      (s) =>
        s.start >= start &&
        s.end <= end &&
        text.slice(start, s.docComment?.start ?? s.start).trim() === '' &&
        text.slice(s.end, end).trim() === '',
    );
    return inside.length === 1 ? inside[0] : undefined;
  }

  /** Words spelled `name`; a declaration when a declaring keyword precedes it. */
  namesSpelled(_path: string, text: string, name: string): readonly NameSite[] {
    const sites: NameSite[] = [];
    for (const match of text.matchAll(new RegExp(`(?<![\\w$])${name.replace(/[$]/g, '\\$')}(?![\\w$])`, 'g'))) {
      const before = text.slice(0, match.index);
      sites.push({
        start: match.index,
        length: name.length,
        isDeclaration: /\b(?:const|let|var|function|class|interface|type|enum)\s+$/.test(before),
      });
    }
    return sites;
  }

  /**
   * `{ name }` or `{ a, name, b }` on an import or export line, without `as`; in CommonJS, on a
   * `module.exports = { … }` line of shorthand members (an export) or a `const { … } = require(…)`
   * line (an import), without `:`.
   */
  plainSpecifierAt(_path: string, text: string, offset: number): 'import' | 'export' | undefined {
    const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
    const lineEnd = text.indexOf('\n', offset);
    const line = text.slice(lineStart, lineEnd < 0 ? undefined : lineEnd);
    const commonJs = /^\s*module\.exports\s*=\s*\{[^:]*\}/.test(line)
      ? 'export'
      : /^\s*(?:const|let|var)\s*\{.*\}\s*=\s*require\(/.test(line)
        ? 'import'
        : undefined;
    const keyword = commonJs ?? /^\s*(import|export)\b/.exec(line)?.[1];
    if (keyword !== 'import' && keyword !== 'export') return undefined;
    const at = offset - lineStart;
    const open = line.lastIndexOf('{', at);
    const close = line.indexOf('}', at);
    if (open < 0 || close < 0) return undefined;
    const specifier = line
      .slice(open + 1, close)
      .split(',')
      .find((part, i, parts) => {
        const from = open + 1 + parts.slice(0, i).reduce((n, p) => n + p.length + 1, 0);
        return at >= from && at <= from + part.length;
      });
    return specifier === undefined || /\bas\b|:/.test(specifier) ? undefined : keyword;
  }

  private of(text: string): readonly (DeclarationShape & { readonly nameStart: number })[] {
    return this.shapes.get(text) ?? this.derive?.(text) ?? [];
  }
}
