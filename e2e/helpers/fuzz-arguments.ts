import fc from 'fast-check';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { linesOf } from './text.js';
import type { Workspace } from './workspace.js';

/**
 * Arguments for fuzzing a tool, drawn from its published input schema (tools/list), so a tool
 * or a parameter added later is fuzzed too. Each value is valid-looking (a real file, a real
 * name, a position inside the file) or hostile (NUL, `..`, a path outside, a huge string, a
 * negative or huge number, the wrong type); now and then an argument is left out or an
 * unknown one added.
 */

/** What the fixture offers a valid-looking call: its files, names, positions and node ids. */
export interface FixtureFacts {
  readonly root: string;
  /** A real file outside the root (next to it, under the same temporary directory). */
  readonly outsideFile: string;
  /** Source files, workspace-relative. */
  readonly sourceFiles: readonly string[];
  /** Files of the workspace that are not TS/JS sources (README.md, data.json). */
  readonly otherFiles: readonly string[];
  /** The length, in Unicode characters, of each line of each source file. */
  readonly lineLengths: ReadonlyMap<string, readonly number[]>;
  /** Identifiers the markers point at, with where. */
  readonly names: readonly { readonly file: string; readonly name: string; readonly line: number; readonly column: number }[];
  /** Node ids of the workspace's declarations (from its outlines: inputs only, never expectations). */
  readonly nodeIds: readonly string[];
}

export async function fixtureFacts(ws: Workspace, nodeIds: readonly string[], otherFiles: readonly string[]): Promise<FixtureFacts> {
  const sourceFiles = await ws.sourceFiles();
  const lineLengths = new Map<string, number[]>();
  for (const file of sourceFiles)
    lineLengths.set(
      file,
      linesOf(await ws.read(file)).map((line) => Array.from(line).length),
    );
  const names = (await ws.markers())
    .filter((m) => m.identifier !== '')
    .map((m) => ({ file: m.file, name: m.identifier, line: m.line, column: m.column }));
  const outsideFile = await ws.writeOutside('outside/secret.ts', 'export const secret = 1;\n');
  return { root: ws.root, outsideFile, sourceFiles, otherFiles, lineLengths, names, nodeIds };
}

const HUGE = 200_000;

/** Values of any type that no parameter takes as they are. */
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, [], {}, [1, 2], { nested: { deeper: ['x'] } }, '1', 'true'),
  fc.integer(),
  fc.double(),
  fc.array(fc.string({ maxLength: 8 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 3 }),
);

/** Strings that no parameter should accept as they are. */
function hostileString(facts: FixtureFacts): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(
      '',
      ' ',
      '\0',
      'src/\0config.ts',
      '..',
      '.',
      '../'.repeat(12) + 'etc/passwd',
      '/etc/passwd',
      'src/../../outside/secret.ts',
      facts.outsideFile,
      'file:///etc/passwd',
      'C:\\Windows\\system32',
      '\\\\server\\share\\a.ts',
      '%2e%2e/%2e%2e/x.ts',
      '😀',
      '\u202e\u200b',
      'a\nb',
      'constructor',
      '__proto__',
      'function:src/config.ts:',
      ':::',
      'x'.repeat(HUGE),
      '😀'.repeat(HUGE / 4),
    ),
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.integer({ min: 1000, max: HUGE }).map((n) => 'y'.repeat(n)),
  );
}

/** Numbers for a line, column, depth or limit: in range or not, whole or not. */
const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(0, -1, -0, 1.5, 2 ** 31, -(2 ** 31), 2 ** 53, Number.MAX_VALUE, 1e21),
  fc.integer({ min: -1_000_000, max: 1_000_000_000 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** A value a parameter does not take: hostile of its own type, or of another type. */
function spoiled(hostile: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof({ arbitrary: hostile, weight: 3 }, { arbitrary: wrongType, weight: 1 });
}

interface PropertySchema {
  readonly type?: string | readonly string[];
  readonly enum?: readonly unknown[];
  readonly items?: PropertySchema;
  readonly minimum?: number;
  readonly maximum?: number;
}

/** A valid-looking value for a parameter of this schema, when nothing better is known of it. */
function bySchema(schema: PropertySchema): fc.Arbitrary<unknown> {
  if (schema.enum !== undefined && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const type: string | undefined = typeof schema.type === 'string' ? schema.type : schema.type?.[0];
  switch (type) {
    case 'boolean':
      return fc.boolean();
    case 'number':
    case 'integer':
      return fc.integer({ min: schema.minimum ?? 0, max: Math.min(schema.maximum ?? 1000, 1000) });
    case 'array':
      return fc.array(bySchema(schema.items ?? {}), { maxLength: 4 });
    default:
      return fc.string({ maxLength: 20 });
  }
}

function identifier(): fc.Arbitrary<string> {
  return fc.stringMatching(/^[A-Za-z_$][A-Za-z0-9_$]{0,15}$/);
}

interface ParameterValues {
  readonly valid: fc.Arbitrary<unknown>;
  readonly hostile: fc.Arbitrary<unknown>;
}

/** The parameters we know the meaning of; any other is drawn from its schema. */
function parameter(name: string, schema: PropertySchema, facts: FixtureFacts): ParameterValues {
  const hostile = spoiled(fc.oneof(hostileString(facts), hostileNumber));
  const names = facts.names.map((n) => n.name);
  switch (name) {
    case 'workspaceRoot':
      return {
        valid: fc.constant(facts.root),
        hostile: fc.oneof(
          fc.constantFrom(`${facts.root}/`, `${facts.root}/src`, `${facts.root}/../app`, `${facts.root}-missing`, 'app', facts.outsideFile),
          hostile,
        ),
      };
    case 'filePath':
      return {
        valid: fc.constantFrom(...facts.sourceFiles),
        hostile: fc.oneof(fc.constantFrom(...facts.otherFiles, `./${facts.sourceFiles[0] ?? 'a.ts'}`, 'src/missing.ts'), hostile),
      };
    case 'symbol':
      return {
        valid: fc.constantFrom(...names),
        hostile: fc.oneof(identifier(), fc.constantFrom('Shape.area', 'a.b.c', 'default'), hostile),
      };
    case 'nodeId':
      return {
        valid: fc.constantFrom(...facts.nodeIds),
        hostile: fc.oneof(
          fc
            .tuple(fc.constantFrom('function', 'class', 'variable', 'bogus'), fc.constantFrom(...facts.sourceFiles), identifier())
            .map((p) => p.join(':')),
          hostile,
        ),
      };
    case 'line':
    case 'column':
      return { valid: fc.integer({ min: 1, max: 60 }), hostile: spoiled(hostileNumber) };
    case 'newName':
      return {
        valid: fc.oneof(identifier(), fc.constantFrom(...names)),
        hostile: fc.oneof(fc.constantFrom('class', 'await', '1abc', 'a-b'), hostile),
      };
    case 'replacement':
      return {
        valid: fc.constantFrom('{ throw new Error("fuzz"); }', 'throw new Error("fuzz");', '{}'),
        hostile: fc.oneof(
          fc.constantFrom('', '   ', '{ return', '}}{{', 'export function replaced(): void {}', '/** doc */ export class Replaced {}'),
          hostile,
        ),
      };
    case 'edits': {
      // check_edits: whole-file texts and replacements of names the fixture has (once, or more: INVALID_INPUT).
      const edit = fc.oneof(
        fc.record({
          filePath: fc.constantFrom(...facts.sourceFiles),
          newText: fc.constantFrom('export const fuzz = 1;\n', '', 'export let x: number = "x";\n'),
        }),
        fc.constantFrom(...facts.names).chain((n) =>
          fc.record({
            filePath: fc.constant(n.file),
            oldText: fc.constant(n.name),
            newText: fc.oneof(identifier(), fc.constantFrom('', '1 +')),
          }),
        ),
      );
      return {
        valid: fc.array(edit, { minLength: 1, maxLength: 3 }),
        hostile: fc.oneof(
          fc.constantFrom(
            [],
            [{ filePath: 'src/missing.ts', newText: '' }],
            [{ filePath: facts.sourceFiles[0] ?? 'a.ts', oldText: '', newText: 'x' }],
          ),
          hostile,
        ),
      };
    }
    case 'query':
      return { valid: fc.oneof(fc.constantFrom(...names), identifier(), fc.string({ minLength: 1, maxLength: 3 })), hostile };
    default:
      return { valid: bySchema(schema), hostile };
  }
}

/** A coherent address (position, name, or node id) of the fixture, most of the time. */
function address(facts: FixtureFacts): fc.Arbitrary<Record<string, unknown>> {
  const files = [...facts.lineLengths.keys()];
  const inRange = fc.constantFrom(...files).chain((file) => {
    const lengths = facts.lineLengths.get(file) ?? [0];
    return fc
      .integer({ min: 1, max: lengths.length })
      .chain((line) => fc.integer({ min: 1, max: (lengths[line - 1] ?? 0) + 1 }).map((column) => ({ filePath: file, line, column })));
  });
  return fc.oneof(
    fc.constantFrom(...facts.names).map((n) => ({ filePath: n.file, line: n.line, column: n.column })),
    fc.constantFrom(...facts.names).map((n) => ({ filePath: n.file, symbol: n.name })),
    fc.constantFrom(...facts.nodeIds).map((nodeId) => ({ nodeId })),
    inRange,
  );
}

/** `value` in `times` of `outOf` draws, null otherwise. */
function sometimes<T>(value: fc.Arbitrary<T>, times: number, outOf: number): fc.Arbitrary<T | null> {
  return fc.oneof({ arbitrary: value, weight: times }, { arbitrary: fc.constant(null), weight: outOf - times });
}

export interface ArgumentOptions {
  /** Parameters every generated call carries with this value (`dryRun: true` for the tools that write). */
  readonly fixed?: Readonly<Record<string, unknown>>;
  /** workspaceRoot is always the fixture's root (calls that really write stay in their scratch copy). */
  readonly pinRoot?: boolean;
  /** Mostly valid calls, each addressing a symbol one way (the real writes, where a success is what is judged). */
  readonly tame?: boolean;
}

/**
 * Argument objects for `tool`, per its published input schema: half of them valid-looking
 * throughout, most others with one parameter spoiled or left out, some with several.
 */
export function toolArguments(tool: Tool, facts: FixtureFacts, options: ArgumentOptions = {}): fc.Arbitrary<Record<string, unknown>> {
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, PropertySchema>;
  const required = new Set(tool.inputSchema.required ?? []);
  const fixed = options.fixed ?? {};
  const addressed = ['nodeId', 'symbol', 'line', 'column'].every((key) => key in properties);
  const drawn = Object.keys(properties).filter((key) => !(key in fixed) && !(options.pinRoot === true && key === 'workspaceRoot'));
  const values = Object.fromEntries(drawn.map((key) => [key, parameter(key, properties[key] ?? {}, facts)]));
  const valid = fc.record(Object.fromEntries(drawn.map((key) => [key, (values[key] as ParameterValues).valid])));
  const hostile = fc.record(Object.fromEntries(drawn.map((key) => [key, (values[key] as ParameterValues).hostile])));
  const optionalPresent = fc.record(Object.fromEntries(drawn.map((key) => [key, fc.boolean()])));
  const tame = options.tame === true;
  const spoil = fc.oneof(
    { arbitrary: fc.constant<string[]>([]), weight: tame ? 16 : 5 },
    { arbitrary: fc.constantFrom(...drawn).map((key) => [key]), weight: tame ? 3 : 4 },
    { arbitrary: fc.subarray(drawn), weight: 1 },
  );
  const dropped = tame ? fc.constant(null) : sometimes(fc.constantFrom(...drawn), 1, 8);
  const unknownKey = sometimes(fc.tuple(fc.constantFrom('dryrun', 'force', 'path', 'extra', '__proto__', 'constructor'), wrongType), 1, 12);
  const place = addressed ? sometimes(address(facts), tame ? 1 : 3, tame ? 1 : 4) : fc.constant(null);
  return fc
    .record({ good: valid, bad: hostile, present: optionalPresent, spoilt: spoil, dropped, place, unknown: unknownKey })
    .map(({ good, bad, present, spoilt, dropped: gone, place: where, unknown }) => {
      const args = new Map<string, unknown>(options.pinRoot === true ? [['workspaceRoot', facts.root]] : []);
      for (const key of drawn) {
        if (!required.has(key) && present[key] !== true && !spoilt.includes(key)) continue;
        args.set(key, spoilt.includes(key) ? bad[key] : good[key]);
      }
      // Most calls address the symbol one coherent way; the rest mix the forms as they come.
      if (where !== null) {
        for (const key of ['nodeId', 'filePath', 'symbol', 'line', 'column']) if (!spoilt.includes(key)) args.delete(key);
        for (const [key, value] of Object.entries(where)) if (!spoilt.includes(key)) args.set(key, value);
      }
      if (gone !== null) args.delete(gone);
      if (unknown !== null) args.set(unknown[0], unknown[1]);
      for (const [key, value] of Object.entries(fixed)) args.set(key, value);
      // Own properties even for "__proto__", as a client's JSON would carry it.
      return Object.fromEntries(args);
    });
}
