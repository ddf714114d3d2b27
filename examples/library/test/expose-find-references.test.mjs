// @ts-check
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { bridge, findReferencesTool } from '../expose-find-references.mjs';

const SCRIPT = fileURLToPath(new URL('../expose-find-references.mjs', import.meta.url));
const FIXTURE = fileURLToPath(new URL('../../../e2e/fixtures/projects/basic', import.meta.url));

/** @type {string} */
let root;

before(async () => {
  root = join(await realpath(await mkdtemp(join(tmpdir(), 'example-library-'))), 'basic');
  await cp(FIXTURE, root, { recursive: true });
});

after(async () => {
  await bridge.dispose();
  await rm(join(root, '..'), { recursive: true, force: true });
});

/** Line and column just after the fixture's marker comment in a file. */
async function markerPosition(/** @type {string} */ file, /** @type {string} */ marker) {
  const lines = (await readFile(join(root, file), 'utf8')).split('\n');
  const line = lines.findIndex((text) => text.includes(marker));
  const text = lines[line] ?? '';
  return { line: line + 1, column: Array.from(text.slice(0, text.indexOf(marker) + marker.length)).length + 1 };
}

async function markerCount(/** @type {string} */ marker) {
  let count = 0;
  // scripts/outside-include.ts is outside the tsconfig's include, and its uses are references too.
  for (const file of ['src/app.ts', 'src/cli.ts', 'src/config.ts', 'scripts/outside-include.ts']) {
    count += (await readFile(join(root, file), 'utf8')).split(marker).length - 1;
  }
  return count;
}

test('the tool has the shape agent frameworks take', () => {
  assert.equal(findReferencesTool.name, 'find_references');
  assert.deepEqual(findReferencesTool.parameters.required, ['workspaceRoot', 'filePath', 'line', 'column']);
});

test('a framework calling execute gets the declaration of parseConfig first, then every usage', async () => {
  const at = await markerPosition('src/app.ts', '/*@use:parseConfig*/');
  const result = await findReferencesTool.execute({ workspaceRoot: root, filePath: 'src/app.ts', ...at });
  assert.ok(result.success, JSON.stringify(result));
  assert.equal(result.symbolName, 'parseConfig');
  assert.deepEqual(result.references[0], {
    filePath: 'src/config.ts',
    ...(await markerPosition('src/config.ts', '/*@decl:parseConfig*/')),
    codeSnippet: 'export function /*@decl:parseConfig*/parseConfig(text: string): /*@use:Config*/Config {',
    referenceType: 'declaration',
  });
  // Every decl, ref, use and out marker of parseConfig is a reference.
  assert.equal(result.totalCount, await markerCount(':parseConfig*/'));
  assert.ok(result.references.slice(1).every((r) => r.referenceType === 'usage'));
});

test('run as a script, it prints the same result as JSON', async () => {
  const at = await markerPosition('src/app.ts', '/*@use:parseConfig*/');
  const { stdout } = await promisify(execFile)(process.execPath, [SCRIPT, root, `src/app.ts:${at.line}:${at.column}`]);
  const result = await findReferencesTool.execute({ workspaceRoot: root, filePath: 'src/app.ts', ...at });
  assert.deepEqual(JSON.parse(stdout), result);
});
