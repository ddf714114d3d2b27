import { describe, expect, it } from 'vitest';
import { addManyReferences } from '../fixtures/generators.js';
import { backends, forEachBackend } from '../helpers/backends.js';
import { expectRefusedInput, failedWith, succeeded } from '../helpers/outcomes.js';
import { RawServer } from '../helpers/raw-process.js';
import { TOOL_NAMES, WRITING_TOOLS } from '../helpers/results.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import { verifies } from '../helpers/verifies.js';
import { keysOf, markerKeys } from '../helpers/expectations.js';
import { argsAt, copyFixture } from '../helpers/workspace.js';

/** Every way to address a symbol (issue 5): only workspaceRoot is required, the domain checks the rest. */
const ADDRESS_FIELDS = ['workspaceRoot', 'filePath', 'line', 'column', 'symbol', 'nodeId'];

/** What each tool requires besides workspaceRoot, and what else it takes. */
const TOOL_FIELDS: Readonly<Record<string, { required: readonly string[]; optional: readonly string[]; addressed: boolean }>> = {
  find_references: { required: [], optional: ['includeNodeModules', 'limit'], addressed: true },
  go_to_definition: { required: [], optional: [], addressed: true },
  go_to_type_definition: { required: [], optional: [], addressed: true },
  completion: { required: ['filePath', 'line', 'column'], optional: ['prefix', 'limit'], addressed: false },
  impact: { required: [], optional: ['startLine', 'endLine', 'depth', 'limit'], addressed: true },
  check_edits: { required: ['edits'], optional: ['apply', 'force'], addressed: false },
  rename_symbol: { required: ['newName'], optional: [], addressed: true },
  get_diagnostics: { required: [], optional: ['filePath', 'severity'], addressed: false },
  hover: { required: [], optional: [], addressed: true },
  document_symbols: { required: ['filePath'], optional: ['depth', 'kinds'], addressed: false },
  workspace_symbols: { required: ['query'], optional: ['kinds', 'limit'], addressed: false },
  find_implementations: { required: [], optional: ['includeNodeModules', 'limit'], addressed: true },
  call_hierarchy: { required: ['direction'], optional: ['depth'], addressed: true },
  type_hierarchy: { required: ['direction'], optional: ['depth'], addressed: true },
  replace_symbol_body: { required: ['mode', 'replacement'], optional: [], addressed: true },
  safe_delete: { required: [], optional: ['dryRun'], addressed: true },
  code_actions: {
    required: [],
    optional: ['filePath', 'line', 'column', 'endLine', 'code', 'kind', 'actionId', 'dryRun'],
    addressed: false,
  },
  format_file: { required: ['filePath'], optional: ['line', 'endLine', 'dryRun'], addressed: false },
};

/** The tools that write files. */
const WRITERS: readonly string[] = WRITING_TOOLS;

/** FS-001's output fields (plus the documented extras) of each tool; `?` marks optional ones. */
const RESULT_FIELDS = {
  // Issue 16 adds fileCount to find_references and get_diagnostics.
  find_references: ['success', 'symbolName', 'references', 'totalCount', 'fileCount', 'truncated', 'failures?'],
  go_to_definition: ['success', 'symbolName', 'definitions'],
  // Issue 5 adds nodeId to each definition.
  // Issue 11 adds applied (false for a dry run).
  rename_symbol: ['success', 'oldName', 'newName', 'filesModified', 'totalChanges', 'applied'],
  // Issue 12 adds which compiler answered.
  get_diagnostics: [
    'success',
    'diagnostics',
    'errorCount',
    'warningCount',
    'infoCount',
    'hintCount',
    'fileCount',
    'failures?',
    'compiler?',
    'compilers?',
  ],
} as const;

function expectFields(value: object, fields: readonly string[], what: string): void {
  const keys = Object.keys(value);
  const required = fields.filter((f) => !f.endsWith('?'));
  const allowed = new Set(fields.map((f) => f.replace(/\?$/, '')));
  expect(
    keys.filter((k) => !allowed.has(k)),
    `${what}: unexpected fields`,
  ).toEqual([]);
  expect(
    required.filter((f) => !keys.includes(f)),
    `${what}: missing fields`,
  ).toEqual([]);
}

forEachBackend((backend) => {
  const server = useShared(() => startServer({ backend }));
  const basic = useShared(() => copyFixture('basic'));

  describe('tools/list', () => {
    verifies('R-PROTOCOL-TOOLS-LIST', 'lists every tool with input schemas, output schemas and annotations', async () => {
      const tools = await server().listTools();
      expect(tools.map((t) => t.name).sort()).toEqual([...TOOL_NAMES].sort());

      for (const tool of tools) {
        const fields = TOOL_FIELDS[tool.name];
        if (fields === undefined) throw new Error(`unexpected tool ${tool.name}`);
        expect(tool.description?.trim(), tool.name).toBeTruthy();
        expect(tool.inputSchema.type).toBe('object');
        expect(tool.outputSchema?.type, `${tool.name} outputSchema`).toBe('object');
        expect(Object.keys(tool.outputSchema?.properties ?? {}), tool.name).toContain('success');
        const required = tool.inputSchema.required ?? [];
        const properties = Object.keys(tool.inputSchema.properties ?? {});
        expect([...required].sort(), `${tool.name} required`).toEqual(['workspaceRoot', ...fields.required].sort());
        expect(properties, tool.name).toEqual(expect.arrayContaining([...(fields.addressed ? ADDRESS_FIELDS : []), ...fields.optional]));
        if (WRITERS.includes(tool.name)) {
          expect(tool.annotations, tool.name).toMatchObject({ readOnlyHint: false, destructiveHint: true });
        } else {
          expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
        }
      }
    });
  });

  describe('tool results', () => {
    verifies('R-PROTOCOL-SHAPE', 'carry exactly the FS-001 fields plus the documented extras', async () => {
      const ws = basic();
      const usage = argsAt(ws, await ws.marker('use', 'parseConfig', 'src/cli.ts'));

      const references = succeeded(await server().findReferences(usage));
      const definition = succeeded(await server().goToDefinition(usage));
      const diagnostics = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: 'scripts/outside-include.ts' }));
      await using copy = await copyFixture('basic');
      const rename = succeeded(
        await server().renameSymbol({ ...argsAt(copy, await copy.marker('decl', 'parseConfig')), newName: 'readConfig' }),
      );

      expectFields(references, RESULT_FIELDS.find_references, 'find_references');
      for (const item of references.references)
        expectFields(item, ['filePath', 'line', 'column', 'codeSnippet', 'referenceType'], 'reference');
      expectFields(definition, RESULT_FIELDS.go_to_definition, 'go_to_definition');
      for (const item of definition.definitions)
        expectFields(item, ['filePath', 'line', 'column', 'codeSnippet', 'isExternal', 'nodeId?'], 'definition');
      expectFields(diagnostics, RESULT_FIELDS.get_diagnostics, 'get_diagnostics');
      expect(diagnostics.diagnostics.length).toBeGreaterThan(0);
      for (const item of diagnostics.diagnostics) {
        expectFields(
          item,
          ['filePath', 'line', 'column', 'endLine', 'endColumn', 'severity', 'code', 'message', 'codeSnippet'],
          'diagnostic',
        );
      }
      expectFields(rename, RESULT_FIELDS.rename_symbol, 'rename_symbol');
      for (const file of rename.filesModified) {
        expectFields(file, ['filePath', 'changeCount', 'changes'], 'file modification');
        for (const change of file.changes) expectFields(change, ['line', 'oldText', 'newText'], 'change');
      }
    });

    verifies('R-TEXT-CONTENT', 'render a concise text with the counts and locations', async () => {
      const ws = basic();
      const usage = argsAt(ws, await ws.marker('use', 'parseConfig', 'src/cli.ts'));

      const references = await server().findReferences(usage);
      const definition = await server().goToDefinition(usage);
      const error = await server().goToDefinition({ ...usage, filePath: 'src/missing.ts' });

      expect(references.text).toContain(String(succeeded(references).totalCount));
      expect(references.text).toContain('parseConfig');
      expect(definition.text).toContain('src/config.ts');
      failedWith(error, 'FILE_NOT_FOUND');
      expect(error.text).toMatch(/FILE_NOT_FOUND|src\/missing\.ts/);
    });
  });

  describe('malformed calls', () => {
    verifies(['R-NO-CRASH', 'R-ERR-INVALID_INPUT'], 'are refused one by one while the server keeps answering', async () => {
      const ws = basic();
      const s = server();
      const valid = argsAt(ws, await ws.marker('use', 'parseConfig', 'src/cli.ts'));
      const { line: _line, ...withoutLine } = valid;
      const malformed: [string, () => Promise<unknown>][] = [
        ['missing line', () => s.callRaw('find_references', withoutLine)],
        ['line "abc"', () => s.callRaw('find_references', { ...valid, line: 'abc' })],
        ['column null', () => s.callRaw('rename_symbol', { ...valid, column: null, newName: 'x' })],
        ['no arguments', () => s.callRaw('get_diagnostics', {})],
      ];
      for (const [what, call] of malformed) {
        await expectRefusedInput(call as () => ReturnType<typeof s.callRaw>, what);
        expect(succeeded(await s.goToDefinition(valid)).definitions.length, `answering after ${what}`).toBe(1);
      }
    });

    verifies(
      'R-ERR-INVALID_POSITION',
      'answer line 0 and column 0 with INVALID_POSITION, the bounds of the file in the resolution',
      async () => {
        const ws = basic();
        const s = server();
        const valid = argsAt(ws, await ws.marker('use', 'parseConfig', 'src/cli.ts'));
        for (const wrong of [{ line: 0 }, { column: 0 }, { line: -3 }]) {
          const error = failedWith(await s.callRaw('go_to_definition', { ...valid, ...wrong }), 'INVALID_POSITION');
          expect(error.resolution).toMatch(/between 1 and \d+/);
        }
      },
    );

    verifies('R-NO-CRASH', 'tolerate unknown extra arguments and unknown tools without dying', async () => {
      const ws = basic();
      const s = server();
      const valid = argsAt(ws, await ws.marker('use', 'parseConfig', 'src/cli.ts'));

      const junk = await s.callRaw('go_to_definition', { ...valid, junk: { nested: [1, 2, 3] }, another: 'x' });
      if (!junk.isError) expect(succeeded(junk)).toMatchObject({ symbolName: 'parseConfig' });
      const unknownTool = await s.callRaw('no_such_tool', valid).then(
        (outcome) => outcome.isError,
        () => true,
      );

      expect(unknownTool).toBe(true);
      expect(succeeded(await s.goToDefinition(valid)).symbolName).toBe('parseConfig');
      expect(s.pid !== null && process.kill(s.pid, 0)).toBe(true);
    });
  });

  describe('concurrent calls', () => {
    verifies('R-CONCURRENT-CALLS', 'each get their own answer, on one workspace and across two', async () => {
      const ws = basic();
      await using js = await copyFixture('js-only');
      const s = server();
      const tags = ['parseConfig', 'Config', 'firstThing', 'secondThing', 'AmbientSettings'];

      const [jsReferences, diagnostics, ...references] = await Promise.all([
        s.findReferences(argsAt(js, await js.marker('decl', 'add'))),
        s.getDiagnostics({ workspaceRoot: ws.root }),
        ...(await Promise.all(tags.map(async (tag) => argsAt(ws, await ws.marker('decl', tag))))).map((at) => s.findReferences(at)),
      ]);

      expect(keysOf(succeeded(jsReferences).references)).toEqual(
        markerKeys(await js.markers({ tag: 'add', kinds: ['decl', 'use', 'ref'] })),
      );
      expect(succeeded(diagnostics).errorCount).toBe(0);
      for (const [index, tag] of tags.entries()) {
        const result = succeeded(references[index] as Awaited<ReturnType<typeof s.findReferences>>);
        expect(result.symbolName).toBe(tag);
        const expected = await ws.markers({ tag, kinds: ['decl', 'use', 'ref'] });
        expect(keysOf(result.references).filter((k) => expected.some((m) => k.startsWith(`${m.file}:`)))).toEqual(
          expect.arrayContaining(markerKeys(expected)),
        );
      }
    });
  });

  describe('a cancelled call', () => {
    verifies('R-ERR-CANCELLED', 'ends on the client at once and leaves the server serving', async () => {
      await using ws = await copyFixture('basic');
      await addManyReferences(ws, { files: 400, usagesPerFile: 5 });
      const s = server();
      const controller = new AbortController();

      const pending = s.client.callTool({ name: 'get_diagnostics', arguments: { workspaceRoot: ws.root } }, undefined, {
        signal: controller.signal,
      });
      controller.abort(new Error('cancelled by the test'));

      await expect(pending).rejects.toThrow();
      const valid = argsAt(ws, await ws.marker('use', 'parseConfig', 'src/cli.ts'));
      expect(succeeded(await s.goToDefinition(valid)).symbolName).toBe('parseConfig');
    });
  });

  describe('the process', () => {
    verifies(
      ['R-PROTOCOL-STDOUT-CLEAN', 'R-PROTOCOL-STDIN-EXIT'],
      'writes only JSON-RPC to stdout, even while working, and exits when stdin closes',
      async () => {
        const ws = basic();
        // The most verbose logging the server has, so that a stray log line would show.
        await using raw = RawServer.spawn({ backend, env: { LSP_BRIDGE_LOG_LEVEL: 'debug' } });
        const usage = argsAt(ws, await ws.marker('use', 'parseConfig', 'src/cli.ts'));

        await raw.initialize();
        await raw.request('tools/list', {});
        await raw.request('tools/call', { name: 'get_diagnostics', arguments: { workspaceRoot: ws.root } });
        await raw.request('tools/call', { name: 'find_references', arguments: usage });
        await raw.request('tools/call', { name: 'go_to_definition', arguments: { ...usage, filePath: 'src/missing.ts' } });
        raw.closeStdin();
        const exit = await raw.exit();

        expect(raw.stdoutTail).toBe('');
        expect(raw.stdoutLines.length).toBeGreaterThanOrEqual(5);
        for (const line of raw.stdoutLines) {
          expect(() => JSON.parse(line) as unknown, line).not.toThrow();
          expect((JSON.parse(line) as { jsonrpc?: unknown }).jsonrpc, line).toBe('2.0');
        }
        expect(exit.signal, raw.stderr).toBeNull();
      },
    );

    verifies('R-PROTOCOL-STDIN-EXIT', 'exits when stdin closes right after start-up', async () => {
      await using raw = RawServer.spawn({ backend });
      await raw.initialize();

      raw.closeStdin();

      const exit = await raw.exit();
      expect(exit, raw.stderr).toEqual({ code: 0, signal: null });
    });
  });
});

describe('an unknown backend', () => {
  verifies('R-BACKEND-UNKNOWN', 'stops the server at start-up with a message naming the bad value', async () => {
    await using raw = RawServer.spawn({ backend: 'no-such-backend' });

    const exit = await raw.exit();

    expect(exit.code, raw.stderr).not.toBe(0);
    expect(raw.stderr).toContain('no-such-backend');
    expect(raw.stdoutLines).toEqual([]);
  });

  it.each(backends.map((backend) => [backend]))('starts with the configured backend %s', async (backend) => {
    await using s = await startServer({ backend });
    expect(await s.listTools()).toHaveLength(TOOL_NAMES.length);
  });
});
