import { describe, expect, it } from 'vitest';
import type { DiagnosticRecord, SourceSpan, TextEdit } from '../../src/ports/symbol-index.js';
import { EditMap } from '../../src/rules/edit-map.js';
import { renameConflicts, type Bystander, type ConflictEvidence, type RenamedSite } from '../../src/rules/rename-conflicts.js';

const A = '/w/src/a.ts';
const B = '/w/src/b.ts';

/** A rename of `from` to `to` at the given offsets of one file, as the use-case builds it. */
function renameIn(path: string, text: string, from: string, to: string, offsets: readonly number[]) {
  const edits: TextEdit[] = offsets.map((start) => ({ path, start, length: from.length, newText: to }));
  const map = new EditMap(edits);
  const sites: RenamedSite[] = offsets.map((start) => ({ path, start, newOffset: map.toNew(start) }));
  return { map, sites, edited: map.apply(text) };
}

const span = (path: string, start: number, length = 1): SourceSpan => ({ path, start, length });
const describePlace = (s: SourceSpan): string => `${s.path}@${s.start}`;
const noErrors = { errorsBefore: new Map(), errorsAfter: new Map() };

function evidence(partial: Partial<ConflictEvidence>): ConflictEvidence {
  return { sitesBefore: [], sitesAfter: [], bystandersBefore: [], bystandersAfter: [], ...noErrors, ...partial };
}

describe('renameConflicts', () => {
  const SHADOW = 'const x = 1;\nfunction f() {\n  const y = 2;\n  return x + y;\n}\n';
  const xDecl = SHADOW.indexOf('x');
  const xUse = SHADOW.indexOf('x + y');
  const yDecl = SHADOW.indexOf('y = 2');

  it('reports a reference that a declaration of the new name would shadow, at the reference, naming that declaration', () => {
    const { map, sites, edited } = renameIn(A, SHADOW, 'x', 'y', [xDecl, xUse]);
    const innerY = edited.indexOf('y = 2');
    const conflicts = renameConflicts(
      { newName: 'y', maps: new Map([[A, map]]), sites, bystanders: [], describe: describePlace },
      evidence({
        sitesBefore: [[span(A, xDecl)], [span(A, xDecl)]],
        sitesAfter: [[span(A, sites[0]?.newOffset ?? -1)], [span(A, innerY)]],
      }),
    );
    expect(conflicts).toEqual([{ path: A, start: xUse, description: `this reference would resolve to "y" declared at ${A}@${innerY}` }]);
    expect(map.toOld(innerY)).toBe(yDecl);
  });

  it('reports declarations a renamed name merged with, at those declarations', () => {
    const MERGE = 'interface Apple { a: 1 }\ninterface Berry { b: 2 }\n';
    const apple = MERGE.indexOf('Apple');
    const berry = MERGE.indexOf('Berry');
    const { map, sites } = renameIn(A, MERGE, 'Apple', 'Berry', [apple]);
    const berryAfter = map.toNew(berry);
    const conflicts = renameConflicts(
      { newName: 'Berry', maps: new Map([[A, map]]), sites, bystanders: [], describe: describePlace },
      evidence({ sitesBefore: [[span(A, apple)]], sitesAfter: [[span(A, sites[0]?.newOffset ?? -1), span(A, berryAfter)]] }),
    );
    expect(conflicts).toEqual([{ path: A, start: berry, description: '"Berry" is already declared here' }]);
  });

  it('reports an existing use of the new name that the renamed symbol would capture', () => {
    const CAPTURE = 'export const y = 1;\nexport function g() {\n  const z = 2;\n  return z + y;\n}\n';
    const zDecl = CAPTURE.indexOf('z');
    const zUse = CAPTURE.indexOf('z + y');
    const yUse = CAPTURE.indexOf('y;\n}');
    const outerY = CAPTURE.indexOf('y');
    const { map, sites } = renameIn(A, CAPTURE, 'z', 'y', [zDecl, zUse]);
    const bystanders: Bystander[] = [{ path: A, start: yUse, newOffset: map.toNew(yUse), isDeclaration: false }];
    const conflicts = renameConflicts(
      { newName: 'y', maps: new Map([[A, map]]), sites, bystanders, describe: describePlace },
      evidence({
        sitesBefore: [[span(A, zDecl)], [span(A, zDecl)]],
        sitesAfter: [[span(A, map.toNew(zDecl))], [span(A, map.toNew(zDecl))]],
        bystandersBefore: [[span(A, outerY)]],
        bystandersAfter: [[span(A, map.toNew(zDecl))]],
      }),
    );
    expect(conflicts).toEqual([
      { path: A, start: yUse, description: `this reference to "y" (declared at ${A}@${outerY}) would resolve to the renamed symbol` },
    ]);
  });

  it('takes names the rename writes itself for the renamed symbol: an import specifier it rewrites is no conflict', () => {
    // b.ts imports `operate` from a.ts; with a.ts overlaid the server resolves b's specifier to itself.
    const LIB = 'export function operate() {}\n';
    const USE = "import { operate } from './a';\noperate();\n";
    const lib = renameIn(A, LIB, 'operate', 'operateOn', [LIB.indexOf('operate')]);
    const use = renameIn(B, USE, 'operate', 'operateOn', [USE.indexOf('operate'), USE.indexOf('operate()')]);
    const sites = [...lib.sites, ...use.sites];
    const declaration = span(A, LIB.indexOf('operate'));
    const conflicts = renameConflicts(
      {
        newName: 'operateOn',
        maps: new Map([
          [A, lib.map],
          [B, use.map],
        ]),
        sites,
        bystanders: [],
        describe: describePlace,
      },
      evidence({
        sitesBefore: sites.map(() => [declaration]),
        sitesAfter: [
          [span(A, lib.sites[0]?.newOffset ?? -1)],
          [span(B, use.sites[0]?.newOffset ?? -1)],
          [span(B, use.sites[0]?.newOffset ?? -1)],
        ],
      }),
    );
    expect(conflicts).toEqual([]);
  });

  it('counts new errors only when no name changed meaning, mapped back to the disk text, worded by kind', () => {
    const DUP = 'function alpha() {}\nfunction beta() {}\n';
    const alpha = DUP.indexOf('alpha');
    const beta = DUP.indexOf('beta');
    const { map, sites } = renameIn(A, DUP, 'alpha', 'beta', [alpha]);
    const error = (start: number, code: number, message: string): DiagnosticRecord => ({
      path: A,
      start,
      length: 4,
      category: 'error',
      code,
      message,
    });
    const errorsAfter = new Map([
      [
        A,
        [
          error(map.toNew(alpha), 2393, 'Duplicate function implementation.'),
          error(map.toNew(beta), 2393, 'Duplicate function implementation.'),
          error(map.toNew(beta) + 1, 2322, "Type 'number' is not assignable to type 'string'."),
        ],
      ],
    ]);
    const question = { newName: 'beta', maps: new Map([[A, map]]), sites, bystanders: [], describe: describePlace };
    const conflicts = renameConflicts(question, evidence({ errorsAfter, errorsBefore: new Map([[A, []]]) }));
    expect(conflicts).toEqual([
      {
        path: A,
        start: alpha,
        description: 'the renamed declaration would clash with another "beta" (TS2393: Duplicate function implementation.)',
      },
      { path: A, start: beta, description: '"beta" is already declared here (TS2393: Duplicate function implementation.)' },
      {
        path: A,
        start: beta + 1,
        description: "the rename would cause error TS2322: Type 'number' is not assignable to type 'string'",
        addsError: true,
      },
    ]);
    // A semantic conflict makes the errors its consequences: only the cause is reported.
    const withCause = renameConflicts(
      question,
      evidence({
        errorsAfter,
        sitesBefore: [[span(A, alpha)]],
        sitesAfter: [[span(A, map.toNew(alpha)), span(A, map.toNew(beta))]],
      }),
    );
    expect(withCause).toEqual([{ path: A, start: beta, description: '"beta" is already declared here' }]);
  });

  it('ignores errors that were there before, wherever the edits moved them', () => {
    const TEXT = 'let a = 1;\nconst s: string = 2;\n';
    const { map, sites } = renameIn(A, TEXT, 'a', 'longer', [TEXT.indexOf('a')]);
    const at = TEXT.indexOf('s:');
    const record = (start: number): DiagnosticRecord => ({ path: A, start, length: 1, category: 'error', code: 2322, message: 'x' });
    const conflicts = renameConflicts(
      { newName: 'longer', maps: new Map([[A, map]]), sites, bystanders: [], describe: describePlace },
      evidence({ errorsBefore: new Map([[A, [record(at)]]]), errorsAfter: new Map([[A, [record(map.toNew(at))]]]) }),
    );
    expect(conflicts).toEqual([]);
  });

  it("does not take clangd's file_modified (its preamble's state, not the code) for an error the rename causes", () => {
    const C = '/w/cJSON.c';
    const TEXT = 'int cJSON_IsArray(int item);\nint use(void) { return cJSON_IsArray(1); }\n';
    const { map, sites } = renameIn(C, TEXT, 'cJSON_IsArray', 'cJSON_IsArrayRn', [4, TEXT.lastIndexOf('cJSON_IsArray')]);
    // As clangd 14 sends it after the edited header was shown to it (cJSON@a29814f, scripts/real-projects).
    const modified: DiagnosticRecord = {
      path: C,
      start: 0,
      length: 0,
      category: 'error',
      code: 'file_modified',
      message: "File '/w/cJSON.h' modified since it was first processed",
      source: 'clang',
    };
    const use = TEXT.indexOf('use');
    const undeclared: DiagnosticRecord = {
      ...modified,
      start: map.toNew(use),
      code: 'undeclared_var_use',
      message: "Use of undeclared identifier 'x'",
    };
    const question = { newName: 'cJSON_IsArrayRn', maps: new Map([[C, map]]), sites, bystanders: [], describe: describePlace };
    expect(renameConflicts(question, evidence({ errorsBefore: new Map([[C, []]]), errorsAfter: new Map([[C, [modified]]]) }))).toEqual([]);
    // The same text without its code (a server that sends none) is the same fact.
    const uncoded = { ...modified, code: '' };
    expect(renameConflicts(question, evidence({ errorsBefore: new Map([[C, []]]), errorsAfter: new Map([[C, [uncoded]]]) }))).toEqual([]);
    // A real error beside it still is one.
    expect(
      renameConflicts(question, evidence({ errorsBefore: new Map([[C, []]]), errorsAfter: new Map([[C, [modified, undeclared]]]) })),
    ).toEqual([
      {
        path: C,
        start: use,
        description: "the rename would cause error undeclared_var_use: Use of undeclared identifier 'x'",
        addsError: true,
      },
    ]);
  });

  it('reports errors in a file the rename does not edit (a barrel that star-exports both modules)', () => {
    const { map, sites } = renameIn(A, 'export const sa = 1;\n', 'sa', 'sb', [13]);
    const barrelError: DiagnosticRecord = {
      path: B,
      start: 21,
      length: 6,
      category: 'error',
      code: 2308,
      message: "Module './a' has already exported a member named 'sb'.",
    };
    const conflicts = renameConflicts(
      { newName: 'sb', maps: new Map([[A, map]]), sites, bystanders: [], describe: describePlace },
      evidence({ errorsBefore: new Map([[B, []]]), errorsAfter: new Map([[B, [barrelError]]]) }),
    );
    expect(conflicts).toEqual([{ path: B, start: 21, description: `"sb" is already declared here (TS2308: ${barrelError.message})` }]);
  });

  it('says an error is in a file the rename does not edit (a package that imports the edited one)', () => {
    const { map, sites } = renameIn(A, 'func (T) String() string\n', 'String', 'Name', [9]);
    const broken: DiagnosticRecord = {
      path: B,
      start: 4,
      length: 3,
      category: 'error',
      code: 'InvalidIfaceAssign',
      message: 'T does not implement',
    };
    const conflicts = renameConflicts(
      { newName: 'Name', maps: new Map([[A, map]]), sites, bystanders: [], describe: describePlace },
      evidence({ errorsBefore: new Map([[B, []]]), errorsAfter: new Map([[B, [broken]]]) }),
    );
    expect(conflicts).toEqual([
      {
        path: B,
        start: 4,
        description: 'the rename would cause error InvalidIfaceAssign: T does not implement in this file, which it does not edit',
        addsError: true,
      },
    ]);
  });

  it('skips a name the service could not resolve before or after, and lists one conflict per place in path order', () => {
    const TEXT = 'x; x;\n';
    const { map, sites } = renameIn(B, TEXT, 'x', 'y', [0, 3]);
    const other = renameIn(A, TEXT, 'x', 'y', [0]);
    const allSites = [...sites, ...other.sites];
    const conflicts = renameConflicts(
      {
        newName: 'y',
        maps: new Map([
          [B, map],
          [A, other.map],
        ]),
        sites: allSites,
        bystanders: [],
        describe: describePlace,
      },
      evidence({
        sitesBefore: [[span(B, 0)], [], [span(A, 0)]],
        sitesAfter: [[span('/lib.d.ts', 5)], [span('/lib.d.ts', 5)], [span('/lib.d.ts', 5)]],
      }),
    );
    expect(conflicts.map((c) => `${c.path}:${c.start}`)).toEqual([`${A}:0`, `${B}:0`]);
  });
});
