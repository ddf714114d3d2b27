import { mkdir, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { CATALOGUE, type Progress } from '@mcp-lsp-bridge/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../src/config.js';
import { createBridge } from '../src/create-bridge.js';
import type { Logger } from '../src/logger.js';

const FILES: Record<string, string> = {
  'tsconfig.json': JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, module: 'ESNext', moduleResolution: 'Bundler' },
    include: ['src'],
  }),
  'src/lib.ts':
    '/** Gives n back. */\nexport function helper(n: number): number {\n  return n;\n}\n\n' +
    'export interface Named {\n  name(): string;\n}\n\nexport class Thing implements Named {\n  name(): string {\n    return "thing";\n  }\n}\n',
  'src/app.ts': "import { helper } from './lib';\n\nexport const a = helper(1);\nexport const b: string = helper(2);\n",
};

const quiet: Logger = { error: () => undefined, info: () => undefined, debug: () => undefined };

let root = '';
let stateDir = '';
/** The settings of every bridge here: its write journals in a directory of the test's own. */
let env: Record<string, string> = {};

/** 1-based line and column of the `nth` `needle` in a fixture file, as `path:line:col`. */
function at(file: string, needle: string, nth = 0): { filePath: string; line: number; column: number } {
  const lines = (FILES[file] ?? '').split('\n');
  let seen = 0;
  for (const [index, text] of lines.entries()) {
    for (let from = text.indexOf(needle); from !== -1; from = text.indexOf(needle, from + 1)) {
      if (seen++ === nth) return { filePath: file, line: index + 1, column: from + 1 };
    }
  }
  throw new Error(`${needle} #${nth} not in ${file}`);
}

const key = (p: { filePath: string; line: number; column: number }): string => `${p.filePath}:${p.line}:${p.column}`;

beforeAll(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'create-bridge-')));
  stateDir = await realpath(await mkdtemp(join(tmpdir(), 'create-bridge-state-')));
  env = { LSP_BRIDGE_STATE_DIR: stateDir };
  for (const [file, text] of Object.entries(FILES)) {
    await mkdir(dirname(join(root, file)), { recursive: true });
    await writeFile(join(root, file), text);
  }
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  await rm(stateDir, { recursive: true, force: true });
});

describe('createBridge', () => {
  it('answers find_references with the FS-001 result, declaration first', async () => {
    await using bridge = createBridge({ backend: 'tsservice', env, logger: quiet });
    const result = await bridge.findReferences({ workspaceRoot: root, ...at('src/app.ts', 'helper(1)') });
    expect(result).toMatchObject({ success: true, symbolName: 'helper', totalCount: 4, truncated: false });
    if (!result.success) return;
    expect(result.references.map((r) => `${r.filePath}:${r.line}:${r.column} ${r.referenceType}`)).toEqual([
      `${key(at('src/lib.ts', 'helper'))} declaration`,
      `${key(at('src/app.ts', 'helper', 0))} usage`,
      `${key(at('src/app.ts', 'helper', 1))} usage`,
      `${key(at('src/app.ts', 'helper', 2))} usage`,
    ]);
  });

  it('has a method for every operation of the catalogue, each the same as running the operation by name', async () => {
    await using bridge = createBridge({ backend: 'tsservice', env, logger: quiet });
    for (const operation of CATALOGUE) expect(typeof bridge[operation.method], operation.method).toBe('function');
    const input = { workspaceRoot: root, ...at('src/app.ts', 'helper(1)') };
    expect(await bridge.run('find_references', input)).toEqual(await bridge.findReferences(input));
  });

  it('goes to the definition and refuses a position without a symbol as data', async () => {
    await using bridge = createBridge({ env, logger: quiet });
    const definition = await bridge.goToDefinition({ workspaceRoot: root, ...at('src/app.ts', 'helper(1)') });
    expect(definition).toMatchObject({ success: true, definitions: [{ ...at('src/lib.ts', 'helper'), isExternal: false }] });
    const refused = await bridge.goToDefinition({ workspaceRoot: root, filePath: 'src/app.ts', line: 2, column: 1 }); // the empty line
    expect(refused).toMatchObject({ success: false, error: { code: 'NO_SYMBOL_AT_POSITION' } });
  });

  it('reports the progress of a project-wide check and counts its errors', async () => {
    await using bridge = createBridge({ env, logger: quiet });
    const seen: Progress[] = [];
    const result = await bridge.getDiagnostics({ workspaceRoot: root }, { onProgress: (p) => seen.push(p) });
    expect(result).toMatchObject({ success: true, errorCount: 1 });
    expect(seen.at(-1)).toEqual({ done: 2, total: 2 });
  });

  it('answers CANCELLED when the caller aborts', async () => {
    await using bridge = createBridge({ env, logger: quiet });
    const controller = new AbortController();
    controller.abort(new Error('user pressed Ctrl-C'));
    const result = await bridge.getDiagnostics({ workspaceRoot: root }, { signal: controller.signal });
    expect(result).toMatchObject({ success: false, error: { code: 'CANCELLED' } });
  });

  it('applies the request timeout of its configuration', async () => {
    await using bridge = createBridge({ env: { LSP_BRIDGE_REQUEST_TIMEOUT_MS: '1' }, logger: quiet });
    expect(bridge.config.requestTimeoutMs).toBe(1);
    const result = await bridge.getDiagnostics({ workspaceRoot: root });
    expect(result).toMatchObject({ success: false, error: { code: 'LANGUAGE_SERVER_ERROR' } });
    if (!result.success) expect(result.error.message).toMatch(/timed out after 1 ms/);
  });

  it('takes the backend from the environment unless given, and refuses an unknown one', () => {
    expect(() => createBridge({ env: { LSP_BRIDGE_BACKEND: 'clangd' }, logger: quiet })).toThrow(ConfigError);
    expect(() => createBridge({ backend: 'clangd' as 'tsservice', env, logger: quiet })).toThrow(/clangd/);
  });

  it('answers the symbol tools, the symbol named by a name or a node id', async () => {
    await using bridge = createBridge({ backend: 'tsservice', env, logger: quiet });
    const helper = at('src/lib.ts', 'helper');
    const outline = await bridge.documentSymbols({ workspaceRoot: root, filePath: 'src/lib.ts' });
    expect(outline).toMatchObject({
      success: true,
      symbols: [
        { name: 'helper', kind: 'function', nodeId: 'function:src/lib.ts:helper', line: helper.line, column: helper.column },
        { name: 'Named', kind: 'interface', nodeId: 'interface:src/lib.ts:Named', children: [{ nodeId: 'method:src/lib.ts:Named.name' }] },
        { name: 'Thing', kind: 'class', nodeId: 'class:src/lib.ts:Thing', children: [{ nodeId: 'method:src/lib.ts:Thing.name' }] },
      ],
      totalCount: 5,
    });
    const hover = await bridge.hover({ workspaceRoot: root, filePath: 'src/lib.ts', symbol: 'helper' });
    expect(hover).toMatchObject({ success: true, symbolName: 'helper', documentation: 'Gives n back.' });
    if (hover.success) expect(hover.signature).toContain('helper(n: number): number');
    const search = await bridge.workspaceSymbols({ workspaceRoot: root, query: 'Thing', kinds: ['class'] });
    expect(search).toMatchObject({
      success: true,
      symbols: [{ name: 'Thing', kind: 'class', nodeId: 'class:src/lib.ts:Thing', ...at('src/lib.ts', 'Thing') }],
    });
    const implementations = await bridge.findImplementations({ workspaceRoot: root, nodeId: 'interface:src/lib.ts:Named' });
    expect(implementations).toMatchObject({
      success: true,
      totalCount: 1,
      implementations: [{ ...at('src/lib.ts', 'Thing'), nodeId: 'class:src/lib.ts:Thing' }],
    });
    const calls = await bridge.callHierarchy({ workspaceRoot: root, nodeId: 'function:src/lib.ts:helper', direction: 'incoming' });
    expect(calls).toMatchObject({ success: true, direction: 'incoming', symbol: { name: 'helper', nodeId: 'function:src/lib.ts:helper' } });
    if (calls.success)
      expect(calls.calls.flatMap((c) => c.callSites).map(key)).toEqual([
        key(at('src/app.ts', 'helper', 1)),
        key(at('src/app.ts', 'helper', 2)),
      ]);
    const types = await bridge.typeHierarchy({ workspaceRoot: root, nodeId: 'interface:src/lib.ts:Named', direction: 'subtypes' });
    expect(types).toMatchObject({
      success: true,
      symbol: { name: 'Named', nodeId: 'interface:src/lib.ts:Named' },
      subtypes: [{ ...at('src/lib.ts', 'Thing'), nodeId: 'class:src/lib.ts:Thing', depth: 1 }],
      totalTypes: 1,
    });
  });

  it('replaces a body on disk', async () => {
    await using bridge = createBridge({ env, logger: quiet });
    const before = await readFile(join(root, 'src/lib.ts'), 'utf8');
    try {
      const result = await bridge.replaceSymbolBody({
        workspaceRoot: root,
        filePath: 'src/lib.ts',
        symbol: 'helper',
        mode: 'replace-body',
        replacement: 'return n * 2;',
      });
      expect(result).toMatchObject({
        success: true,
        symbolName: 'helper',
        mode: 'replace-body',
        nodeId: 'function:src/lib.ts:helper',
        introducedDiagnostics: [],
      });
      expect(await readFile(join(root, 'src/lib.ts'), 'utf8')).toBe(before.replace('return n;', 'return n * 2;'));
    } finally {
      await writeFile(join(root, 'src/lib.ts'), before);
    }
  });

  it('can be disposed more than once', async () => {
    const bridge = createBridge({ env, logger: quiet });
    await bridge.findReferences({ workspaceRoot: root, ...at('src/lib.ts', 'helper') });
    await bridge.dispose();
    await expect(bridge[Symbol.asyncDispose]()).resolves.toBeUndefined();
  });

  it('answers CANCELLED to calls made after it was disposed', async () => {
    const bridge = createBridge({ env, logger: quiet });
    await bridge.dispose();
    const result = await bridge.findReferences({ workspaceRoot: root, ...at('src/lib.ts', 'helper') });
    expect(result).toMatchObject({ success: false, error: { code: 'CANCELLED' } });
  });

  it('lets a write in flight when disposed answer what is on disk', async () => {
    const before = await readFile(join(root, 'src/lib.ts'), 'utf8');
    const bridge = createBridge({ env, logger: quiet });
    await bridge.findReferences({ workspaceRoot: root, ...at('src/lib.ts', 'helper') });
    try {
      const call = bridge.replaceSymbolBody({
        workspaceRoot: root,
        filePath: 'src/lib.ts',
        symbol: 'helper',
        mode: 'replace-body',
        replacement: 'return n + 1;',
      });
      await bridge.dispose();
      const result = await call;
      const now = await readFile(join(root, 'src/lib.ts'), 'utf8');
      // Cancelled before its write, or written and answered as such: never one without the other.
      if (result.success) expect(now).toBe(before.replace('return n;', 'return n + 1;'));
      else {
        expect(result.error.code).toBe('CANCELLED');
        expect(now).toBe(before);
      }
    } finally {
      await writeFile(join(root, 'src/lib.ts'), before);
    }
  });

  it('names the .lsp.json its LSP_BRIDGE_CONFIG setting names when a server configured there keeps failing', async () => {
    const dir = await realpath(await mkdtemp(join(tmpdir(), 'create-bridge-lsp-')));
    try {
      // A server that declares an outline, then exits (code 3) on the first request.
      const script = join(dir, 'crash.cjs');
      await writeFile(script, CRASHING_SERVER);
      const config = join(dir, 'servers.json');
      await writeFile(
        config,
        JSON.stringify({ foo: { command: process.execPath, args: [script], extensionToLanguage: { '.foo': 'foo' } } }),
      );
      const workspace = join(dir, 'app');
      await mkdir(workspace);
      await writeFile(join(workspace, 'a.foo'), 'hello\n');
      // The setting is the bridge's own (not the process's): the server and its refusal both follow it.
      await using bridge = createBridge({ env: { ...env, LSP_BRIDGE_CONFIG: config }, logger: quiet });
      const result = await bridge.documentSymbols({ workspaceRoot: workspace, filePath: 'a.foo' });
      expect(result).toMatchObject({ success: false, error: { code: 'LANGUAGE_SERVER_ERROR' } });
      expect(result.success ? '' : result.error.resolution).toContain(`or name another foo server in ${config}.`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

/** Answers `initialize` declaring an outline, then exits with code 3 on the first request. */
const CRASHING_SERVER = `
let buffer = Buffer.alloc(0);
process.stdin.on('data', (chunk) => {
  buffer = Buffer.concat([buffer, chunk]);
  for (;;) {
    const end = buffer.indexOf('\\r\\n\\r\\n');
    if (end < 0) return;
    const length = Number(/Content-Length: (\\d+)/i.exec(buffer.subarray(0, end).toString())?.[1] ?? 0);
    if (buffer.length < end + 4 + length) return;
    const message = JSON.parse(buffer.subarray(end + 4, end + 4 + length).toString());
    buffer = buffer.subarray(end + 4 + length);
    if (message.method === 'initialize') {
      const body = JSON.stringify({ jsonrpc: '2.0', id: message.id, result: { capabilities: { documentSymbolProvider: true } } });
      process.stdout.write('Content-Length: ' + Buffer.byteLength(body) + '\\r\\n\\r\\n' + body);
    } else if (message.id !== undefined) {
      process.exit(3);
    }
  }
});
`;
