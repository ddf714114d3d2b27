import { applyEdits, type ActionEdits, type CodeActionQuery, type FormatSettings } from '@mcp-lsp-bridge/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TsSymbolIndex } from '../src/index.js';
import { Fixture, scopeOf } from './fixture.js';

const SETTINGS: FormatSettings = { indentSize: 2, tabSize: 2, insertSpaces: true };
const SHAPES = [
  'export interface Shape {',
  '  area(): number;',
  '}',
  'export function areaOf(s: Shape): number {',
  '  return s.area();',
  '}',
  'export async function load(): Promise<number> {',
  '  return 1;',
  '}',
  '',
].join('\n');
const USE = [
  "import { load } from './shapes';",
  "import { readFile } from './unused';",
  'export const total = areaOf(unit) + count;',
  'declare const unit: Shape;',
  'declare const count: number;',
  'export const twice = 2 * 21;',
  'export const loaded = load();',
  '',
].join('\n');

/** The one action of `edits`, applied to its file's text. */
function applied(action: ActionEdits | undefined, path: string): string {
  if (action === undefined) throw new Error('the action is not offered');
  const outcome = applyEdits(action.texts.get(path) ?? '', action.edits);
  if (!outcome.ok) throw new Error(outcome.reason);
  return outcome.text;
}

describe('code actions and formatting over the in-process LanguageService', () => {
  let fixture: Fixture;
  let index: TsSymbolIndex;
  let use: string;
  const query = (start: number, end: number, kinds: readonly string[], code?: number): CodeActionQuery => ({
    path: use,
    start,
    end,
    kinds,
    code,
    settings: SETTINGS,
  });

  beforeAll(() => {
    fixture = new Fixture({
      'tsconfig.json':
        '{ "compilerOptions": { "strict": true, "module": "esnext", "moduleResolution": "bundler", "noUnusedLocals": true } }',
      'src/shapes.ts': SHAPES,
      'src/unused.ts': 'export function readFile(): string { return ""; }\n',
      'src/use.ts': USE,
    });
    use = fixture.path('src/use.ts');
    index = new TsSymbolIndex();
  });
  afterAll(() => {
    index.dispose();
    fixture.cleanup();
  });

  it('offers the compiler’s fix for a missing name, and its edits import the name from the module that exports it', async () => {
    const at = fixture.offset('src/use.ts', 'areaOf');
    const answer = await index.codeActions(scopeOf(fixture), query(at, at, ['quickfix']));
    expect(answer.text).toBe(USE);
    const fix = answer.actions.find((a) => a.kind === 'quickfix' && a.title.includes('./shapes'));
    expect(fix).toMatchObject({ code: 2304, at });
    const text = applied(await index.codeActionEdits(scopeOf(fixture), query(at, at, ['quickfix']), fix?.ref ?? ''), use);
    expect(text.split('\n')[0]).toBe("import { areaOf, load } from './shapes';");
  });

  it('fixes all of one code in the file at once', async () => {
    const q = query(0, USE.length, ['source.fixAll'], 2304);
    const answer = await index.codeActions(scopeOf(fixture), q);
    expect(answer.actions.map((a) => [a.kind, a.code, a.title])).toContainEqual(['source.fixAll', 2304, 'Add all missing imports']);
    expect(answer.actions.every((a) => a.kind === 'source.fixAll' && a.code === 2304)).toBe(true);
    const imports = answer.actions.find((a) => a.title === 'Add all missing imports');
    const text = applied(await index.codeActionEdits(scopeOf(fixture), q, imports?.ref ?? ''), use);
    expect(text).toContain("import { areaOf, load, Shape } from './shapes';");
  });

  it('organizes imports, removing the unused one', async () => {
    const q = query(0, 0, ['source.organizeImports']);
    const [organize] = (await index.codeActions(scopeOf(fixture), q)).actions;
    expect(organize?.kind).toBe('source.organizeImports');
    const text = applied(await index.codeActionEdits(scopeOf(fixture), q, organize?.ref ?? ''), use);
    expect(text).not.toContain('./unused');
    expect(text).toContain("import { load } from './shapes';");
  });

  it('offers refactorings of a selected expression, and their edits', async () => {
    const start = fixture.offset('src/use.ts', '2 * 21');
    const q = query(start, start + '2 * 21'.length, ['refactor']);
    const answer = await index.codeActions(scopeOf(fixture), q);
    const extract = answer.actions.find((a) => a.kind === 'refactor.extract.constant');
    expect(extract?.title).toMatch(/constant/i);
    const text = applied(await index.codeActionEdits(scopeOf(fixture), q, extract?.ref ?? ''), use);
    expect(text).toMatch(/const \w+ = 2 \* 21;/);
  });

  it('answers undefined for an action it no longer offers', async () => {
    const at = fixture.offset('src/use.ts', 'twice');
    const stale = JSON.stringify(['q', at, 5, 2304, 'import', 'Add import from "./nowhere"']);
    expect(await index.codeActionEdits(scopeOf(fixture), query(at, at, ['quickfix']), stale)).toBeUndefined();
    expect(await index.codeActionEdits(scopeOf(fixture), query(at, at, ['quickfix']), 'not json')).toBeUndefined();
  });

  it("formats a file with the settings' indentation, and only the range asked for", async () => {
    const text = 'export function f(){\nif (true) {\nreturn  1}\nreturn 2\n}\n';
    const path = fixture.write('src/format.ts', text);
    const whole = await index.formatEdits(scopeOf(fixture), { path, settings: SETTINGS });
    const outcome = applyEdits(whole.text, whole.edits);
    expect(outcome.ok && outcome.text).toBe('export function f() {\n  if (true) {\n    return 1\n  }\n  return 2\n}\n');
    const secondLine = { start: text.indexOf('if'), end: text.indexOf('{\nreturn') };
    const part = await index.formatEdits(scopeOf(fixture), { path, range: secondLine, settings: { ...SETTINGS, indentSize: 4 } });
    const partial = applyEdits(part.text, part.edits);
    expect(partial.ok && partial.text.split('\n').slice(1, 3)).toEqual(['    if (true) {', 'return  1}']);
  });
});
