import { join, relative } from 'node:path';
import { describe, expect } from 'vitest';
import { lineMarkers } from '../helpers/line-markers.js';
import { failedWith, succeeded } from '../helpers/outcomes.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import type { ReplaceSymbolBodyResult } from '../helpers/symbol-results.js';
import { linesOf } from '../helpers/text.js';
import { verifies } from '../helpers/verifies.js';
import type { FixtureName } from '../fixtures/catalog.js';
import { argsAt, changedPaths, copyFixture, type Marker, type Workspace } from '../helpers/workspace.js';

/*
 * Issue 15: replace_symbol_body and rename_symbol's names in Python, C and Go, each checked by
 * its own language server (the replaced text is shown to it in memory before anything is
 * written). Declarations are found by the fixtures' line markers; every expected text is the
 * fixture's, with the lines the edit must change written out here.
 */

interface Replacement {
  /** The declaration: a line marker `kind:tag` on its first line (in the case's file). */
  readonly marker: readonly [kind: string, tag: string];
  readonly replacement: string;
  /** The file's lines afterwards, from its lines before and the index of the marked line. */
  readonly expected: (lines: readonly string[], at: number) => string[];
}

interface LanguageCase {
  readonly language: string;
  readonly fixture: FixtureName;
  readonly file: string;
  readonly body: Replacement;
  readonly node: Replacement;
  /** Bodies the parser refuses. */
  readonly syntaxErrors: readonly string[];
  /** A whole declaration the parser refuses, for the `node` declaration. */
  readonly brokenNode: string;
  /** A body that parses but names something undeclared, and the server's code for that. */
  readonly undeclared: { readonly body: string; readonly code: string };
  /** New names that are not names of the language (keywords, other spellings), for the body's declaration. */
  readonly invalidNames: readonly string[];
  /** What the refusal calls the language. */
  readonly languageName: string;
}

/** The single line marker `kind:tag` of `file`. */
async function markerIn(ws: Workspace, file: string, [kind, tag]: readonly [string, string]): Promise<Marker> {
  const found = await lineMarkers(ws, { file, kinds: [kind], tag });
  if (found.length !== 1) throw new Error(`expected one @${kind}:${tag} marker in ${file}, found ${found.length}`);
  return found[0] as Marker;
}

const errorCodes = (result: ReplaceSymbolBodyResult): string[] =>
  result.introducedDiagnostics.filter((d) => d.severity === 'error').map((d) => d.code);

/** The index of the first line at or after `from` that is exactly `line`. */
function lineIndex(lines: readonly string[], line: string, from: number): number {
  const found = lines.indexOf(line, from);
  if (found < 0) throw new Error(`no line ${JSON.stringify(line)} after line ${from + 1}`);
  return found;
}

const CASES: readonly LanguageCase[] = [
  {
    language: 'Python (pyright)',
    fixture: 'python',
    file: 'shapes/geometry.py',
    body: {
      marker: ['decl', 'total_area'],
      replacement: 'count = len(shapes)\nreturn float(count)',
      // The header (with its comment) stays; the docstring and the statement after it are the body.
      expected: (lines, at) => [...lines.slice(0, at + 1), '    count = len(shapes)', '    return float(count)', ''],
    },
    node: {
      marker: ['node', 'method:Shape.area'],
      replacement: 'def area(self) -> float:\n    if self:\n        return 0.0\n    return 1.0',
      expected: (lines, at) => [
        ...lines.slice(0, at),
        '    def area(self) -> float:',
        '        if self:',
        '            return 0.0',
        '        return 1.0',
        ...lines.slice(lineIndex(lines, '        raise NotImplementedError', at) + 1),
      ],
    },
    syntaxErrors: ['return (', 'return shapes +', 'if shapes\n    return 0.0'],
    brokenNode: 'def area(self) -> float:',
    undeclared: { body: 'return undefined_total', code: 'reportUndefinedVariable' },
    invalidNames: ['def', 'None', 'lambda', '1abc', '$total', 'kebab-case'],
    languageName: 'Python',
  },
  {
    language: 'C (clangd)',
    fixture: 'c-project',
    file: 'util.c',
    body: {
      marker: ['decl', 'add'],
      replacement: 'int sum = b + a;\nreturn sum;',
      // A one-line definition: its body becomes a block of its own lines; the comment after it stays.
      expected: (lines, at) => [
        ...lines.slice(0, at),
        'int add(int a, int b) {',
        '  int sum = b + a;',
        '  return sum;',
        `}${(lines[at] ?? '').slice((lines[at] ?? '').lastIndexOf('}') + 1)}`,
        ...lines.slice(at + 1),
      ],
    },
    node: {
      marker: ['decl', 'add'],
      replacement: 'int add(int a, int b) { return b + a; }',
      expected: (lines, at) => [
        ...lines.slice(0, at),
        `int add(int a, int b) { return b + a; }${(lines[at] ?? '').slice((lines[at] ?? '').lastIndexOf('}') + 1)}`,
        ...lines.slice(at + 1),
      ],
    },
    syntaxErrors: ['return a + ;', 'return a + b', 'return "a + b;'],
    brokenNode: 'int add(int a, int b) { return a + b;',
    undeclared: { body: 'return a + undefined_total;', code: 'undeclared_var_use' },
    invalidNames: ['int', 'return', '_Bool', 'static_assert', 'naïve', '$total'],
    languageName: 'C/C++',
  },
  {
    language: 'Go (gopls)',
    fixture: 'go-project',
    file: 'shapes.go',
    body: {
      marker: ['decl', 'Total'],
      replacement: 'n := len(shapes)\nreturn float64(n)',
      // The body's braces start on the header line: the comment after `{` is inside the body.
      expected: (lines, at) => [
        ...lines.slice(0, at),
        'func Total(shapes []Shape) float64 {',
        '\tn := len(shapes)',
        '\treturn float64(n)',
        ...lines.slice(lineIndex(lines, '}', at)),
      ],
    },
    node: {
      marker: ['decl', 'Total'],
      replacement: 'func Total(shapes []Shape) float64 {\n\tif len(shapes) == 0 {\n\t\treturn 0\n\t}\n\treturn 1\n}',
      expected: (lines, at) => [
        ...lines.slice(0, at),
        'func Total(shapes []Shape) float64 {',
        '\tif len(shapes) == 0 {',
        '\t\treturn 0',
        '\t}',
        '\treturn 1',
        ...lines.slice(lineIndex(lines, '}', at)),
      ],
    },
    syntaxErrors: ['return 0 +', 'return float64(len(shapes)', 'for {'],
    brokenNode: 'func Total(shapes []Shape) float64 {',
    undeclared: { body: 'return undefinedTotal', code: 'UndeclaredName' },
    invalidNames: ['func', 'range', 'chan', '1abc', '$total', 'kebab-case'],
    languageName: 'Go',
  },
];

describe('replace_symbol_body and rename names in Python, C and Go', () => {
  const server = useShared(() => startServer({ backend: 'auto' }));

  async function replace(
    ws: Workspace,
    file: string,
    target: Replacement,
    mode: 'replace-body' | 'replace-node',
    replacement: string,
    dryRun?: boolean,
  ) {
    const at = await markerIn(ws, file, target.marker);
    return server().call('replace_symbol_body', { ...argsAt(ws, at), mode, replacement, ...(dryRun === undefined ? {} : { dryRun }) });
  }

  async function expectedText(ws: Workspace, file: string, target: Replacement): Promise<string> {
    const at = await markerIn(ws, file, target.marker);
    return target.expected(linesOf(await ws.read(file)), at.line - 1).join('\n');
  }

  async function errorsOf(ws: Workspace, file: string): Promise<string[]> {
    const answer = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: file }));
    return answer.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.code} ${d.message}`);
  }

  for (const lang of CASES) {
    describe(lang.language, () => {
      verifies(
        'I15-REPLACE-BODY',
        'replaces a function body: the file is the expected text, and the server finds no new error',
        async () => {
          await using ws = await copyFixture(lang.fixture);
          const expected = await expectedText(ws, lang.file, lang.body);
          const errorsBefore = await errorsOf(ws, lang.file);
          const before = await ws.snapshot();

          const result = succeeded<ReplaceSymbolBodyResult>(await replace(ws, lang.file, lang.body, 'replace-body', lang.body.replacement));
          expect(result.applied).toBe(true);
          expect(result.mode).toBe('replace-body');
          expect(result.filePath).toBe(lang.file);
          expect(result.introducedDiagnostics).toEqual([]);
          expect(await ws.read(lang.file)).toBe(expected);
          expect(changedPaths(before, await ws.snapshot())).toEqual([relative(ws.base, join(ws.root, lang.file))]);
          expect(await errorsOf(ws, lang.file)).toEqual(errorsBefore);
        },
      );

      verifies('I15-REPLACE-BODY', 'replaces a whole declaration (replace-node): the file is the expected text', async () => {
        await using ws = await copyFixture(lang.fixture);
        const expected = await expectedText(ws, lang.file, lang.node);
        const errorsBefore = await errorsOf(ws, lang.file);

        const result = succeeded<ReplaceSymbolBodyResult>(await replace(ws, lang.file, lang.node, 'replace-node', lang.node.replacement));
        expect(result.applied).toBe(true);
        expect(result.mode).toBe('replace-node');
        expect(result.introducedDiagnostics).toEqual([]);
        expect(await ws.read(lang.file)).toBe(expected);
        expect(await errorsOf(ws, lang.file)).toEqual(errorsBefore);
      });

      verifies('I15-REPLACE-REFUSED', 'refuses a replacement with a syntax error as INVALID_REPLACEMENT, writing nothing', async () => {
        await using ws = await copyFixture(lang.fixture);
        const before = await ws.snapshot();
        for (const broken of lang.syntaxErrors) {
          const error = failedWith(await replace(ws, lang.file, lang.body, 'replace-body', broken), 'INVALID_REPLACEMENT');
          expect(error.message, broken).toContain(lang.file);
          expect(error.message, broken).toContain('Nothing was written');
        }
        failedWith(await replace(ws, lang.file, lang.node, 'replace-node', lang.brokenNode), 'INVALID_REPLACEMENT');
        expect(changedPaths(before, await ws.snapshot())).toEqual([]);
        // The server is shown the disk's text again: the file's diagnostics are what they were.
        expect(succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: lang.file })).errorCount).toBe(0);
      });

      verifies('I15-REPLACE-REFUSED', 'writes a body whose only new error is not a syntax error, and reports that error', async () => {
        await using ws = await copyFixture(lang.fixture);
        const result = succeeded<ReplaceSymbolBodyResult>(await replace(ws, lang.file, lang.body, 'replace-body', lang.undeclared.body));
        expect(result.applied).toBe(true);
        // Only errors: a parameter left unused may add a hint.
        expect(errorCodes(result)).toEqual([lang.undeclared.code]);
        expect(await ws.read(lang.file)).toContain(lang.undeclared.body);
      });

      verifies('I15-REPLACE-DRY-RUN', 'a dry run checks the replacement and writes nothing', async () => {
        await using ws = await copyFixture(lang.fixture);
        const before = await ws.snapshot();
        const result = succeeded<ReplaceSymbolBodyResult>(
          await replace(ws, lang.file, lang.body, 'replace-body', lang.body.replacement, true),
        );
        expect(result.applied).toBe(false);
        expect(result.introducedDiagnostics).toEqual([]);
        const undeclared = succeeded<ReplaceSymbolBodyResult>(
          await replace(ws, lang.file, lang.body, 'replace-body', lang.undeclared.body, true),
        );
        expect(errorCodes(undeclared)).toEqual([lang.undeclared.code]);
        failedWith(await replace(ws, lang.file, lang.body, 'replace-body', lang.syntaxErrors[0] ?? '', true), 'INVALID_REPLACEMENT');
        expect(changedPaths(before, await ws.snapshot())).toEqual([]);
      });

      verifies('I15-RENAME-NAMES', "refuses a new name that is not one of the language's names, saying what one is", async () => {
        await using ws = await copyFixture(lang.fixture);
        const before = await ws.snapshot();
        const at = argsAt(ws, await markerIn(ws, lang.file, lang.body.marker));
        for (const newName of lang.invalidNames) {
          const error = failedWith(await server().renameSymbol({ ...at, newName }), 'INVALID_NEW_NAME');
          expect(error.message, newName).toContain(newName);
          expect(error.message, newName).toContain(`${lang.languageName} name is`);
        }
        expect(changedPaths(before, await ws.snapshot())).toEqual([]);
      });
    });
  }

  verifies('I15-RENAME-NAMES', 'accepts a Python name that only JavaScript reserves, and renames every use', async () => {
    await using ws = await copyFixture('python');
    const result = succeeded(
      await server().renameSymbol({ ...argsAt(ws, await markerIn(ws, 'shapes/geometry.py', ['decl', 'total_area'])), newName: 'typeof' }),
    );
    expect(result.success).toBe(true);
    expect(await ws.read('shapes/geometry.py')).toMatch(/^def typeof\(/m);
    expect(await ws.read('app/main.py')).toContain('print(typeof(shapes))');
  });
});
