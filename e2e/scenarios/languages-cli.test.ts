import { relative } from 'node:path';
import { describe, expect } from 'vitest';
import { locationsOf, runCli, type CliRun } from '../helpers/cli.js';
import { expectedRename } from '../helpers/language-scenarios.js';
import { lineMarker, lineMarkers } from '../helpers/line-markers.js';
import { verifies } from '../helpers/verifies.js';
import { changedPaths, copyFixture, type Marker, type Workspace } from '../helpers/workspace.js';

/*
 * Issue 15 at the command line: `lsp-bridge` on Python, C and Go, in its own process (no
 * background server), its output read as a user or a script reads it, exit status as
 * docs/cli.md documents it (0 success, 1 diag found errors, 3 tool error). Expected places
 * come from the fixtures' line markers.
 */

const at = (m: Marker): string => `${m.file}:${m.line}:${m.column}`;

async function cli(ws: Workspace, ...args: string[]): Promise<CliRun> {
  return runCli([...args, '--root', ws.root], ws.root);
}

function ok(run: CliRun, code = 0): CliRun {
  expect(run.code, `exit ${run.code}\nstdout:\n${run.stdout}\nstderr:\n${run.stderr}`).toBe(code);
  return run;
}

interface Language {
  readonly name: string;
  readonly fixture: 'python' | 'c-project' | 'go-project';
  /** The marker tag of the function the commands are about, and the file its definition is in. */
  readonly symbol: string;
  readonly definitionFile: string;
  readonly newName: string;
  readonly withError: string;
  readonly clean: string;
  /** What `outline` of `definitionFile` must list among its node ids. */
  readonly kind: string;
  /** The server renames the name the declaration's doc comment starts with (gopls). */
  readonly renamesDocComment: boolean;
}

const LANGUAGES = {
  python: {
    name: 'Python',
    fixture: 'python',
    symbol: 'total_area',
    definitionFile: 'shapes/geometry.py',
    newName: 'sum_of_areas',
    withError: 'app/main.py',
    clean: 'app/report.py',
    kind: 'function',
    renamesDocComment: false,
  },
  c: {
    name: 'C',
    fixture: 'c-project',
    symbol: 'add',
    definitionFile: 'util.c',
    newName: 'sum',
    withError: 'main.c',
    clean: 'report.c',
    kind: 'function',
    renamesDocComment: false,
  },
  go: {
    name: 'Go',
    fixture: 'go-project',
    symbol: 'Total',
    definitionFile: 'shapes.go',
    newName: 'TotalArea',
    withError: 'main.go',
    clean: 'geometry/scale.go',
    kind: 'function',
    renamesDocComment: true,
  },
} as const satisfies Record<string, Language>;

async function definitionOf(ws: Workspace, language: Language): Promise<Marker> {
  return (await lineMarkers(ws, { tag: language.symbol, kinds: ['decl'], file: language.definitionFile }))[0] as Marker;
}

/** refs lists every marked reference and counts them; def leads from a use to the definition; outline prints its node id. */
async function navigation(language: Language): Promise<void> {
  await using ws = await copyFixture(language.fixture);
  const expected = await lineMarkers(ws, { tag: language.symbol, kinds: ['decl', 'use'] });
  const definition = await definitionOf(ws, language);

  const refs = ok(await cli(ws, 'refs', at(definition)));
  expect(locationsOf(refs).sort()).toEqual(expected.map(at).sort());
  const declarations = expected.filter((m) => m.kind === 'decl').length;
  const files = new Set(expected.map((m) => m.file)).size;
  expect(refs.stdout).toContain(
    `${expected.length} references to ${language.symbol} (${declarations} declaration${declarations === 1 ? '' : 's'}) in ${files} files`,
  );

  const use = expected.find((m) => m.kind === 'use') as Marker;
  expect(locationsOf(ok(await cli(ws, 'def', at(use))))).toContain(at(definition));

  const outline = ok(await cli(ws, 'outline', language.definitionFile));
  expect(outline.stdout).toContain(`${language.kind}:${language.definitionFile}:${language.symbol}`);
}

/** diag prints each marked error tsc's way and exits 1; a clean file exits 0; the whole workspace exits 1. */
async function diagnostics(language: Language): Promise<void> {
  await using ws = await copyFixture(language.fixture);
  const errors = await lineMarkers(ws, { kinds: ['err'], file: language.withError });
  expect(errors.length).toBeGreaterThan(0);
  const failing = ok(await cli(ws, 'diag', language.withError), 1);
  for (const error of errors) expect(failing.stdout).toContain(`${at(error)} - error ${error.tag}: `);
  expect(failing.stdout).toContain(`Found ${errors.length} error`);

  const clean = ok(await cli(ws, 'diag', language.clean), 0);
  expect(clean.stdout).toContain('Found 0 errors');

  const all = ok(await cli(ws, 'diag'), 1);
  expect(locationsOf(all).sort()).toEqual((await lineMarkers(ws, { kinds: ['err'] })).map(at).sort());
}

/** rename writes every file that spells the symbol (and the doc comment, where the server renames it), nothing else. */
async function rename(language: Language): Promise<void> {
  await using ws = await copyFixture(language.fixture);
  const markers = await lineMarkers(ws, { tag: language.symbol, kinds: ['decl', 'use'] });
  const definition = await definitionOf(ws, language);
  const expected = await expectedRename(ws, markers, language.newName);
  if (language.renamesDocComment) {
    // gopls renames the name the declaration's doc comment (the line above) starts with.
    const lines = (expected.get(definition.file) ?? '').split('\n');
    lines[definition.line - 2] = (lines[definition.line - 2] ?? '').replace(
      new RegExp(`^// ${language.symbol}\\b`),
      `// ${language.newName}`,
    );
    expected.set(definition.file, lines.join('\n'));
  }
  const before = await ws.snapshot();
  const run = ok(await cli(ws, 'rename', at(definition), language.newName));
  expect(run.stdout).toContain(`Renamed ${language.symbol} to ${language.newName}`);
  expect(run.stdout).toContain('written to disk');
  expect(changedPaths(before, await ws.snapshot())).toEqual([...expected.keys()].map((f) => relative(ws.base, ws.path(f))).sort());
  for (const [file, text] of expected) expect(await ws.read(file), file).toBe(text);
}

describe('Python at the command line', () => {
  verifies('I15-CLI-PYTHON', 'refs, def and outline print the places the fixture marks', () => navigation(LANGUAGES.python));
  verifies('I15-CLI-PYTHON', 'diag exits 1 listing the errors, 0 on a clean file', () => diagnostics(LANGUAGES.python));
  verifies('I15-CLI-PYTHON', 'rename writes every module that uses the function', () => rename(LANGUAGES.python));
});

describe('C at the command line', () => {
  verifies('I15-CLI-C', 'refs, def and outline print the places the fixture marks', () => navigation(LANGUAGES.c));
  verifies('I15-CLI-C', 'diag exits 1 listing the errors, 0 on a clean file', () => diagnostics(LANGUAGES.c));
  verifies('I15-CLI-C', 'rename writes the header and every file that uses the function', () => rename(LANGUAGES.c));
});

describe('Go at the command line', () => {
  verifies('I15-CLI-GO', 'refs, def and outline print the places the fixture marks', () => navigation(LANGUAGES.go));
  verifies('I15-CLI-GO', 'diag exits 1 listing the errors, 0 on a clean file', () => diagnostics(LANGUAGES.go));
  verifies('I15-CLI-GO', 'rename writes every file that uses the function, and its doc comment', () => rename(LANGUAGES.go));
});

/** The documentation as its author wrote it: the docstring, or the comment above the declaration. */
async function written(ws: Workspace, file: string): Promise<string> {
  const text = await ws.read(file);
  const found = /"""(.+?)"""/.exec(text) ?? /\/\* (.+?) \*\//.exec(text);
  return found?.[1] ?? '';
}

describe('hover at the command line', () => {
  verifies(
    'I23-CLI-HOVER-TEXT',
    "prints the documentation as its author wrote it, without the markdown escapes and entities the server sends (pyright's, clangd's)",
    async () => {
      await using ws = await copyFixture('hover-docs');
      for (const [file, tag] of [
        ['geo.py', 'grow'],
        ['util.h', 'read_all'],
      ] as const) {
        const doc = await written(ws, file);
        expect(doc).toMatch(/[*_<&]/);
        const run = ok(await cli(ws, 'hover', at(await lineMarker(ws, 'decl', tag))));
        expect(run.stdout.split('\n')).toContain(doc);
        expect(run.stdout).not.toMatch(/\\|&[a-z]+;/);
      }
    },
  );
});

describe('complete at the command line', () => {
  verifies(
    'I23-CLI-COMPLETE-TEXT',
    "prints the documentation of the call's signature as its author wrote it, without the markdown escapes and entities the server sends (pyright's, clangd's)",
    async () => {
      await using ws = await copyFixture('hover-docs');
      for (const [tag, declaredIn] of [
        ['grow', 'geo.py'],
        ['read_all', 'util.h'],
      ] as const) {
        const doc = await written(ws, declaredIn);
        expect(doc).toMatch(/[*_<&]/);
        // The cursor: on the call's closing parenthesis, in its arguments.
        const call = await lineMarker(ws, 'args', tag);
        const cursor = `${call.file}:${call.line}:${call.lineText.indexOf(')', call.column - 1) + 1}`;
        const run = ok(await cli(ws, 'complete', cursor, '--limit', '1'));
        expect(run.stdout.split('\n')).toContain(`  ${doc}`);
        expect(run.stdout).not.toMatch(/\\|&[a-z]+;/);
      }
    },
  );
});

describe('files outside the build at the command line', () => {
  verifies(
    'I23-RENAME-BUILD-CONSTRAINTS',
    "refs and impact of a Go function name the files gopls's build leaves out that spell it, as not searched, with their lines",
    async () => {
      await using ws = await copyFixture('go-constraints');
      const declaration = await lineMarker(ws, 'decl', 'Label');
      const other = await lineMarker(ws, 'other', 'Label');
      for (const command of ['refs', 'impact']) {
        const run = ok(await cli(ws, command, at(declaration)));
        const line = run.stdout.split('\n').find((l) => l.includes(`${other.file}:`) && l.includes('build leaves it out'));
        expect(line, run.stdout).toContain(`"Label" on line ${other.line})`);
      }
    },
  );
});

describe('refusals at the command line', () => {
  verifies('I15-CLI-REFUSALS', 'a rename to a taken C name exits 3 with RENAME_CONFLICT and its resolution, writing nothing', async () => {
    await using ws = await copyFixture('c-project');
    const before = await ws.snapshot();
    const run = ok(await cli(ws, 'rename', at(await lineMarker(ws, 'use', 'twice')), 'add'), 3);
    expect(run.stderr).toContain('error RENAME_CONFLICT');
    expect(run.stderr).toContain('Resolution: ');
    expect(changedPaths(before, await ws.snapshot())).toEqual([]);
  });

  verifies('I15-CLI-REFUSALS', 'impl on Python exits 3 naming pyright, which does not offer it', async () => {
    await using ws = await copyFixture('python');
    const shape = (await lineMarkers(ws, { kinds: ['node'], tag: 'class:Shape' }))[0] as Marker;
    const run = ok(await cli(ws, 'impl', at(shape)), 3);
    expect(run.stderr).toContain('error LANGUAGE_SERVER_ERROR');
    expect(run.stderr).toMatch(/pyright does not support textDocument\/implementation/);
  });
});
