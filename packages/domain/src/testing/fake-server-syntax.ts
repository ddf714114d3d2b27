import type { ServerDeclaration, ServerReading, ServerSyntax } from '../ports/server-syntax.js';
import type { DiagnosticRecord, OutlineSymbol, QueryScope } from '../ports/symbol-index.js';

/**
 * A stand-in for a language server reading Python texts, for use-case tests: `def name(…):`
 * headers are functions (nested by indentation, the body is the indented block under the
 * header), `#` starts a comment, and a line whose code ends with `+` or `(` is its only
 * syntax error. It records every text it is shown.
 */
export class FakeServerSyntax implements ServerSyntax {
  /** Every text read, in order. */
  readonly texts: string[] = [];
  /** When set, the answer to every read: the server cannot tell its syntax errors apart. */
  unchecked: string | undefined;

  readTexts(
    _scope: QueryScope,
    path: string,
    texts: readonly string[],
  ): Promise<readonly ServerReading[] | { readonly unchecked: string }> {
    if (this.unchecked !== undefined) return Promise.resolve({ unchecked: this.unchecked });
    this.texts.push(...texts);
    return Promise.resolve(texts.map((text) => readPython(path, text)));
  }
}

/** The toy reader's outline of `text`, as a server's `documentSymbol` would give it. */
export function toyPythonOutline(text: string): OutlineSymbol[] {
  const flat = declarationsOf(text).map((d) => ({
    name: d.name ?? '',
    kind: 'function' as const,
    start: d.start,
    length: d.end - d.start,
    nameStart: d.nameStart,
    nameLength: d.nameLength,
    children: [] as OutlineSymbol[],
  }));
  const roots: OutlineSymbol[] = [];
  for (const symbol of flat) {
    const parent = flat.filter((p) => p !== symbol && p.start < symbol.start && symbol.start < p.start + p.length).at(-1);
    if (parent === undefined) roots.push(symbol);
    else parent.children.push(symbol);
  }
  return roots;
}

function readPython(path: string, text: string): ServerReading {
  return {
    syntaxErrors: syntaxErrorsOf(path, text),
    declarations: declarationsOf(text),
    onlyTrivia: (start, end) =>
      text
        .slice(start, end)
        .split('\n')
        .every((line) => /^\s*(#.*)?$/.test(line)),
  };
}

function syntaxErrorsOf(path: string, text: string): DiagnosticRecord[] {
  const errors: DiagnosticRecord[] = [];
  let offset = 0;
  for (const line of text.split('\n')) {
    const code = line.replace(/#.*/, '').trimEnd();
    if (code.endsWith('+') || code.endsWith('(')) {
      errors.push({
        path,
        start: offset + code.length,
        length: 0,
        category: 'error',
        code: 0,
        message: 'Expected expression',
        source: 'Fake',
      });
    }
    offset += line.length + 1;
  }
  return errors;
}

function declarationsOf(text: string): ServerDeclaration[] {
  const lines = text.split('\n');
  const starts = lines.map((_, i) => lines.slice(0, i).join('\n').length + (i === 0 ? 0 : 1));
  const out: ServerDeclaration[] = [];
  for (const [i, line] of lines.entries()) {
    const header = /^(\s*)def (\w+)\(.*\):/.exec(line);
    if (header === null) continue;
    const indent = header[1]?.length ?? 0;
    let last = i;
    for (let j = i + 1; j < lines.length; j++) {
      const next = lines[j] ?? '';
      if (next.trim() === '') continue;
      if (next.length - next.trimStart().length <= indent) break;
      last = j;
    }
    const start = (starts[i] ?? 0) + indent;
    const end = (starts[last] ?? 0) + (lines[last] ?? '').trimEnd().length;
    const name = header[2] ?? '';
    out.push({
      kind: 'function',
      name,
      start,
      end,
      nameStart: start + 'def '.length,
      nameLength: name.length,
      ...(last > i ? { body: { start: starts[i + 1] ?? 0, end, braced: false, indented: true } } : {}),
    });
  }
  return out;
}
