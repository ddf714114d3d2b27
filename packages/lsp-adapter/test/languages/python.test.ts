import { ErrorCode, bridgeErrorOf, projectDiagnostics, type OutlineSymbol } from '@mcp-lsp-bridge/domain';
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILTIN_PROFILES, LspSymbolIndex, PYTHON } from '../../src/index.js';
import { TempDir } from '../fixtures.js';
import { offsetOf } from './offsets.js';

const GEOMETRY = `"""Shapes and their areas."""


class Shape:
    def area(self) -> float:
        raise NotImplementedError


class Square(Shape):
    def __init__(self, side: float) -> None:
        self.side = side

    def area(self) -> float:
        return self.side * self.side


def total_area(shapes: list[Shape]) -> float:
    """Sum of the areas."""
    return sum(s.area() for s in shapes)
`;

const MAIN = `from geometry import Square, total_area

# total_area in a comment is not a reference
print(total_area([Square(2)]))
print(undefined_name)
`;

describe('Python over pyright', () => {
  const dir = new TempDir();
  const geometry = dir.write('geometry.py', GEOMETRY);
  const main = dir.write('main.py', MAIN);
  const index = new LspSymbolIndex({ profile: PYTHON });
  const scope = dir.scope();

  beforeAll(async () => {
    await index.outline(scope, geometry);
  });

  afterAll(async () => {
    await index.dispose();
    dir[Symbol.dispose]();
  });

  it('finds identifiers by the lexicon, not in comments, strings or keywords', async () => {
    const ids = await index.identifiersIn(scope, main, 0, MAIN.length);
    expect(ids.map((id) => id.text)).toEqual([
      'geometry',
      'Square',
      'total_area',
      'print',
      'total_area',
      'Square',
      'print',
      'undefined_name',
    ]);
  });

  it('goes to the definition in another file', async () => {
    const spans = await index.definitions(scope, { path: main, offset: offsetOf(MAIN, 'total_area', 2) });
    expect(spans).toEqual([{ path: geometry, start: offsetOf(GEOMETRY, 'total_area'), length: 'total_area'.length }]);
  });

  it('finds references across files, the declaration among them', async () => {
    const answer = await index.references(scope, { path: geometry, offset: offsetOf(GEOMETRY, 'total_area') });
    const found = answer.references.map((r) => [r.path === geometry ? 'geometry' : 'main', r.start]);
    expect(found.sort()).toEqual(
      [
        ['geometry', offsetOf(GEOMETRY, 'total_area')],
        ['main', offsetOf(MAIN, 'total_area')],
        ['main', offsetOf(MAIN, 'total_area', 2)],
      ].sort(),
    );
  });

  it("reports pyright's diagnostics with its own code", async () => {
    const diagnostics = await index.diagnostics(scope, main);
    expect(diagnostics).toContainEqual(
      expect.objectContaining({ code: 'reportUndefinedVariable', category: 'error', start: offsetOf(MAIN, 'undefined_name') }),
    );
  });

  it("answers each file's whole diagnostics when several are asked at once (pulled: pyright checks each on request)", async () => {
    using several = new TempDir();
    several.write('geometry.py', GEOMETRY);
    const files = [1, 2, 3, 4].map((n) =>
      several.write(`m${n}.py`, `from geometry import Square\n\nSquare(${n}).perimeter()\nx: int = "${n}"\n`),
    );
    const own = new LspSymbolIndex({ profile: PYTHON });
    try {
      const answers = await Promise.all(files.map((file) => own.diagnostics(several.scope(), file)));
      for (const diagnostics of answers)
        expect(diagnostics.map((d) => d.code).sort()).toEqual(['reportAssignmentType', 'reportAttributeAccessIssue']);
    } finally {
      await own.dispose();
    }
  });

  it('sees an edit made on disk by another program at the next call', async () => {
    const fixed = MAIN.replace('undefined_name', 'Square');
    writeFileSync(main, fixed);
    try {
      expect((await index.diagnostics(scope, main)).filter((d) => d.code === 'reportUndefinedVariable')).toEqual([]);
    } finally {
      writeFileSync(main, MAIN);
    }
    expect((await index.diagnostics(scope, main)).map((d) => d.code)).toContain('reportUndefinedVariable');
  });

  it('outlines a file as a tree', async () => {
    const names = (symbols: readonly OutlineSymbol[]): unknown[] =>
      symbols.map((s) => (s.children.length === 0 ? `${s.kind} ${s.name}` : [`${s.kind} ${s.name}`, names(s.children)]));
    expect(names(await index.outline(scope, geometry))).toEqual([
      ['class Shape', ['method area']],
      // pyright lists an instance attribute under the method that assigns it and under the class.
      ['class Square', [['method __init__', ['variable side']], 'variable side', 'method area']],
      ['function total_area', ['variable shapes']],
    ]);
  });

  it('hovers with the signature and the docstring', async () => {
    const hover = await index.hover(scope, { path: main, offset: offsetOf(MAIN, 'total_area', 2) });
    expect(hover?.signature).toContain('def total_area(shapes: list[Shape]) -> float');
    expect(hover?.documentation).toContain('Sum of the areas.');
  });

  it('searches the workspace for symbols', async () => {
    const matches = await index.searchSymbols(scope, 'total_area', 10);
    expect(matches).toContainEqual(
      expect.objectContaining({ name: 'total_area', path: geometry, start: offsetOf(GEOMETRY, 'total_area') }),
    );
  });

  it('answers the call hierarchy', async () => {
    const [item] = await index.callItems(scope, { path: geometry, offset: offsetOf(GEOMETRY, 'total_area') });
    if (item === undefined) throw new Error('no call item');
    expect(item).toMatchObject({ name: 'total_area', path: geometry, nameStart: offsetOf(GEOMETRY, 'total_area') });
    const incoming = await index.incomingCalls(scope, item);
    expect(incoming.flatMap((edge) => edge.sites)).toContainEqual({ path: main, start: offsetOf(MAIN, 'total_area', 2), length: 10 });
  });

  it('refuses implementations naming the server, which does not offer them', async () => {
    const refused = await index.implementations(scope, { path: geometry, offset: offsetOf(GEOMETRY, 'Shape') }).catch((e: unknown) => e);
    expect(bridgeErrorOf(refused)).toMatchObject({ code: ErrorCode.LANGUAGE_SERVER_ERROR });
    expect(bridgeErrorOf(refused)?.message).toMatch(/pyright does not support textDocument\/implementation/);
  });

  it('gives rename edits across files with the texts they were computed from', async () => {
    const info = await index.renameInfo(scope, { path: geometry, offset: offsetOf(GEOMETRY, 'total_area') });
    expect(info).toEqual({ canRename: true, name: 'total_area' });
    const { edits, texts } = await index.renameLocations(
      scope,
      { path: geometry, offset: offsetOf(GEOMETRY, 'total_area') },
      'sum_of_areas',
    );
    expect(edits.map((e) => [e.path === geometry ? 'geometry' : 'main', e.start, e.newText]).sort()).toEqual(
      [
        ['geometry', offsetOf(GEOMETRY, 'total_area'), 'sum_of_areas'],
        ['main', offsetOf(MAIN, 'total_area'), 'sum_of_areas'],
        ['main', offsetOf(MAIN, 'total_area', 2), 'sum_of_areas'],
      ].sort(),
    );
    expect(texts.get(main)).toBe(MAIN);
  });

  it('checks every Python file of the workspace', async () => {
    const answer = await projectDiagnostics(index, scope, { budgetMs: 600_000, clock: { now: () => Date.now() } });
    expect(answer.filesChecked).toBe(2);
    expect(answer.diagnostics.map((d) => [d.path, d.code])).toContainEqual([main, 'reportUndefinedVariable']);
  });
});

describe('built-in profiles', () => {
  it('name only dependency folders the domain treats as dependencies', async () => {
    const { DEPENDENCY_DIRECTORIES } = await import('@mcp-lsp-bridge/domain');
    for (const profile of BUILTIN_PROFILES) for (const dir of profile.dependencyDirectories) expect(DEPENDENCY_DIRECTORIES).toContain(dir);
  });
});
