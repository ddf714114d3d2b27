import { applyEdits, type ActionEdits, type CodeActionQuery, type FormatSettings } from '@mcp-lsp-bridge/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { LspSymbolIndex, tsgoServer, typescriptLanguageServer } from '../src/index.js';
import { TempDir } from './fixtures.js';

const SETTINGS: FormatSettings = { indentSize: 2, tabSize: 2, insertSpaces: true };
const SHAPES = 'export interface Shape {\n  area(): number;\n}\nexport function areaOf(s: Shape): number {\n  return s.area();\n}\n';
const USE = [
  "import { readFile } from './unused';",
  'export const total = areaOf(unit);',
  'declare const unit: Shape;',
  'export const twice = 2 * 21;',
  '',
].join('\n');

function applied(action: ActionEdits | undefined, path: string): string {
  if (action === undefined) throw new Error('the action is not offered');
  const outcome = applyEdits(action.texts.get(path) ?? '', action.edits);
  if (!outcome.ok) throw new Error(outcome.reason);
  return outcome.text;
}

describe.each([
  ['typescript-language-server (its tsserver asked directly)', typescriptLanguageServer],
  ["TypeScript 7's native server (textDocument/codeAction)", tsgoServer],
])('code actions and formatting over %s', (_name, server) => {
  const dir = new TempDir();
  dir.write('tsconfig.json', '{ "compilerOptions": { "strict": true, "module": "esnext", "moduleResolution": "bundler" } }');
  dir.write('src/shapes.ts', SHAPES);
  dir.write('src/unused.ts', 'export function readFile(): string { return ""; }\n');
  const use = dir.write('src/use.ts', USE);
  const index = new LspSymbolIndex({ profile: server });
  const scope = dir.scope();
  const query = (start: number, end: number, kinds: readonly string[], code?: number): CodeActionQuery => ({
    path: use,
    start,
    end,
    kinds,
    code,
    settings: SETTINGS,
  });
  afterAll(async () => {
    await index.dispose();
    dir[Symbol.dispose]();
  });

  it('offers the fix that imports a missing name, and its edits import it', async () => {
    const at = USE.indexOf('areaOf');
    const answer = await index.codeActions(scope, query(at, at, ['quickfix']));
    expect(answer.text).toBe(USE);
    const fix = answer.actions.find((a) => a.kind === 'quickfix' && a.title.includes('./shapes'));
    expect(fix).toMatchObject({ code: 2304, at });
    const text = applied(await index.codeActionEdits(scope, query(at, at, ['quickfix']), fix?.ref ?? ''), use);
    expect(text).toContain("import { areaOf } from './shapes';");
  });

  it('fixes all missing imports of the file at once', async () => {
    const q = query(0, USE.length, ['quickfix', 'source.fixAll'], 2304);
    const answer = await index.codeActions(scope, q);
    const all = answer.actions.find((a) => a.title === 'Add all missing imports');
    expect(all).toMatchObject({ kind: 'source.fixAll', code: 2304 });
    const text = applied(await index.codeActionEdits(scope, q, all?.ref ?? ''), use);
    expect(text).toMatch(/^import \{ (areaOf, Shape|Shape, areaOf) \} from '\.\/shapes';$/m);
  });

  it('organizes imports', async () => {
    const q = query(0, 0, ['source.organizeImports']);
    const organize = (await index.codeActions(scope, q)).actions.find((a) => a.kind.startsWith('source.organizeImports'));
    expect(organize).toBeDefined();
    expect(applied(await index.codeActionEdits(scope, q, organize?.ref ?? ''), use)).not.toContain('./unused');
  });

  it('answers undefined for an action no longer offered', async () => {
    const at = USE.indexOf('twice');
    expect(
      await index.codeActionEdits(scope, query(at, at, ['quickfix']), JSON.stringify(['quickfix', 'Nothing here', 0])),
    ).toBeUndefined();
  });

  it("formats with the settings' indentation", async () => {
    const path = dir.write('src/format.ts', 'export function f(){\nif (true) {\nreturn  1}\nreturn 2\n}\n');
    const answer = await index.formatEdits(scope, { path, settings: SETTINGS });
    const outcome = applyEdits(answer.text, answer.edits);
    expect(outcome.ok && outcome.text).toBe('export function f() {\n  if (true) {\n    return 1\n  }\n  return 2\n}\n');
  });
});
