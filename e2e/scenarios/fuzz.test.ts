import fc from 'fast-check';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { beforeAll, describe, expect } from 'vitest';
import { checkAnswer, checkedCall } from '../helpers/answer-checks.js';
import { backends } from '../helpers/backends.js';
import { fixtureFacts, toolArguments, type FixtureFacts } from '../helpers/fuzz-arguments.js';
import { fuzzSettings, report, tally } from '../helpers/fuzz-settings.js';
import { TOOL_NAMES } from '../helpers/results.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import type { DocumentSymbolItem } from '../helpers/symbol-results.js';
import { ProjectChecker, multisetMinus, type CompilerError } from '../helpers/type-check.js';
import { verifies } from '../helpers/verifies.js';
import { changedPaths, copyFixture, type Workspace } from '../helpers/workspace.js';

/*
 * Property-based fuzzing of every tool's arguments through a real MCP client (issue 11): each
 * answer is a valid result or a structured error with a documented code (helpers/answer-checks),
 * tools that only read leave the tree byte-identical, dry runs write nothing, and real writes
 * leave a project the compiler judges as before (or are refused with nothing changed).
 * FUZZ_RUNS (calls per tool per backend), FUZZ_WRITES and FUZZ_SEED change the run; a failure
 * prints its seed and the shrunk arguments, and the same seed replays it.
 */

const settings = fuzzSettings();
/** The backends fuzzed: the two implementations (auto and tsgo reuse them). */
const fuzzed = backends.filter((backend) => backend === 'tsservice' || backend === 'lsp');
/** Calls issued together: parallel calls are what agents send, and they keep the run short. */
const BATCH = 8;
const OTHER_FILES = ['README.md', 'tsconfig.json', 'src/data.json'];

/** What keeps a writing tool from writing: `dryRun`, or for check_edits no `apply`. */
function checkOnly(tool: Tool): Record<string, unknown> {
  return 'apply' in (tool.inputSchema.properties ?? {}) ? { apply: false } : { dryRun: true };
}

function nodeIdsOf(items: readonly DocumentSymbolItem[]): string[] {
  return items.flatMap((item) => [...(item.nodeId === undefined ? [] : [item.nodeId]), ...nodeIdsOf(item.children ?? [])]);
}

describe.skipIf(fuzzed.length === 0).each((fuzzed.length > 0 ? fuzzed : ['tsservice']).map((backend) => [backend]))(
  'fuzzing the tools of the %s backend',
  (backend) => {
    const server = useShared(() => startServer({ backend }));
    const workspace = useShared(() => copyFixture('basic'));
    let tools: Tool[] = [];
    let facts: FixtureFacts;

    beforeAll(async () => {
      process.stdout.write(
        `[fuzz] ${backend}: seed ${settings.seed}, ${settings.runs} calls per tool, ${settings.writes} real writes per writing tool\n`,
      );
      const ws = workspace();
      tools = await server().listTools();
      const nodeIds: string[] = [];
      for (const file of await ws.sourceFiles()) {
        const outline = await server().callRaw('document_symbols', { workspaceRoot: ws.root, filePath: file });
        if (!outline.isError) nodeIds.push(...nodeIdsOf((outline.structured as { symbols: DocumentSymbolItem[] }).symbols));
      }
      expect(nodeIds.length).toBeGreaterThan(10);
      facts = await fixtureFacts(ws, nodeIds, OTHER_FILES);
    });

    verifies('I11-FUZZ', 'fuzzes every tool the server lists', async () => {
      expect((await server().listTools()).map((tool) => tool.name).sort()).toEqual([...TOOL_NAMES].sort());
    });

    for (const name of TOOL_NAMES) {
      verifies(
        'I11-FUZZ',
        `answers ${name} called with fuzzed arguments by a valid result or a documented error, and changes no file`,
        async () => {
          const ws = workspace();
          const tool = tools.find((t) => t.name === name);
          if (tool === undefined) throw new Error(`${name} is not listed`);
          const writes = tool.annotations?.readOnlyHint !== true;
          // The tools that write are fuzzed as dry runs here; real writes are fuzzed below.
          const args = toolArguments(tool, facts, writes ? { fixed: checkOnly(tool) } : {});
          const counts = tally();
          const before = await ws.snapshot();
          await fc.assert(
            fc.asyncProperty(fc.array(args, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
              const codes = await Promise.all(batch.map((one) => checkedCall(server(), name, one)));
              for (const code of codes) counts.add(code);
              expect(changedPaths(before, await ws.snapshot()), `files changed by ${name}`).toEqual([]);
            }),
            { seed: settings.seed + TOOL_NAMES.indexOf(name), numRuns: Math.ceil(settings.runs / BATCH) },
          );
          report(`${backend} ${name}`, counts);
          // A run of this size always draws valid calls; the figure shows the fuzz reaches past the argument checks.
          if (settings.runs >= 100) expect(counts.results, `${name}: no fuzzed call was valid enough to succeed`).toBeGreaterThan(0);
        },
        settings.timeoutMs,
      );
    }

    /** One scratch copy per writing tool, so each starts from the fixture as it is. */
    async function realWrites(
      name: 'rename_symbol' | 'replace_symbol_body',
      fixed: Record<string, unknown>,
      judge: (
        ws: Workspace,
        args: Record<string, unknown>,
        result: Record<string, unknown>,
        before: CompilerError[],
        after: CompilerError[],
      ) => void,
    ): Promise<void> {
      await using ws = await copyFixture('basic');
      const tool = tools.find((t) => t.name === name);
      if (tool === undefined) throw new Error(`${name} is not listed`);
      const checker = new ProjectChecker(ws.root);
      const scratchFacts = await fixtureFacts(ws, facts.nodeIds, OTHER_FILES);
      const counts = tally();
      await fc.assert(
        fc.asyncProperty(
          toolArguments(tool, scratchFacts, { pinRoot: true, tame: true, fixed: { dryRun: false, ...fixed } }),
          async (args) => {
            const before = await ws.snapshot();
            const errorsBefore = checker.errors();
            const outcome = await server().callRaw(name, args);
            const code = checkAnswer(name, outcome);
            counts.add(code);
            const changed = changedPaths(before, await ws.snapshot());
            if (code !== undefined) {
              expect(changed, `${name} answered ${outcome.text.slice(0, 200)} but changed files`).toEqual([]);
              return;
            }
            const result = outcome.structured as Record<string, unknown>;
            const written =
              name === 'rename_symbol'
                ? (result['filesModified'] as { filePath: string }[]).map((m) => `app/${m.filePath}`)
                : [`app/${String(result['filePath'])}`];
            for (const path of changed) expect(written, `${name} wrote ${path} without saying so`).toContain(path);
            judge(ws, args, result, errorsBefore, checker.errors());
          },
        ),
        { seed: settings.seed, numRuns: settings.writes },
      );
      report(`${backend} ${name} (real writes)`, counts);
      if (settings.writes >= 10) expect(counts.results, `${name}: no fuzzed write succeeded`).toBeGreaterThan(0);
    }

    verifies(
      'I11-FUZZ',
      'leaves the project type-checking as before after each fuzzed rename that succeeds, and unchanged after each refused one',
      () =>
        realWrites('rename_symbol', {}, (_ws, args, _result, before, after) => {
          expect(after.map((e) => e.code).sort(), `tsc errors after renaming to ${JSON.stringify(args['newName']).slice(0, 80)}`).toEqual(
            before.map((e) => e.code).sort(),
          );
        }),
      settings.timeoutMs,
    );

    verifies(
      'I11-FUZZ',
      'reports exactly the compiler errors a fuzzed body replacement that succeeds introduced in its file, and changes nothing when refused',
      () =>
        realWrites('replace_symbol_body', { mode: 'replace-body' }, (ws, _args, result, before, after) => {
          const file = ws.path(String(result['filePath']));
          const key = (e: { code: number }): string => String(e.code);
          const introduced = multisetMinus(
            after.filter((e) => e.file === file),
            before.filter((e) => e.file === file),
            key,
          );
          const reported = (result['introducedDiagnostics'] as { severity: string; code: string }[])
            .filter((d) => d.severity === 'error')
            .map((d) => ({ code: Number(d.code.replace(/^TS/, '')) }));
          expect(reported.map(key).sort(), `errors introduced in ${String(result['filePath'])}`).toEqual(introduced.map(key).sort());
        }),
      settings.timeoutMs,
    );
  },
);
