import { readFileSync, rmSync } from 'node:fs';
import ts from 'typescript';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { type Corpus, listSources, scratchCopy } from './corpora.js';
import { type FloorResult, RENAME_SAMPLE, type RenameFloor, runFloor, runFloorTimed } from './floor.js';
import { type NativeFloor, runNativeFloor } from './native-floor.js';
import { type AnswerSizes, measureAnswerSizes } from './answer-sizes.js';
import { cliCommands, type CliRun } from './cli-run.js';
import { type ColdPhases, coldCall, editFile, McpSystem, type SystemName } from './mcp-system.js';
import { type SampledSymbol, sampleSymbols } from './sample.js';
import { addAgreement, type Agreement, agreement } from './stats.js';
import { TOOL_CASES, toolArguments, toolSample, type ToolCase } from './tool-cases.js';

export const SAMPLE_SEED = 7;

export interface Options {
  readonly sampleSize: number;
  readonly freshnessQueries: number;
  readonly systems: readonly SystemName[];
  readonly floor: boolean;
  /** Only the answer sizes: no floor, no timings. */
  readonly sizesOnly: boolean;
  readonly scratchDir: string;
  readonly log: (message: string) => void;
}

export interface SymbolOutcome {
  readonly symbol: string;
  readonly expected: number;
  readonly got: number;
  readonly missing: readonly string[];
  readonly extra: readonly string[];
}

export interface SystemResult {
  readonly system: SystemName | 'floor';
  readonly coldRefsMs: number;
  readonly coldDefMs: number;
  readonly coldRenameMs: number;
  readonly warmRefsMs: readonly number[];
  readonly warmDefMs: readonly number[];
  /** MCP `ping` round trips on the warm server: the protocol's own share of a call (none for the floor). */
  readonly roundTripMs: readonly number[];
  /** Warm calls of each newer tool on the first sampled symbols (none for the floor: see `toolFloor`). */
  readonly toolMs?: Record<ToolCase, number[]>;
  /** Warm `rename_symbol` dry runs of the first sampled symbols (none for the floor). */
  readonly renameDryRunMs?: readonly number[];
  /** Where the cold go_to_definition went. */
  readonly coldPhases?: ColdPhases | FloorPhases;
  /** The CLI in the same workspace, with its background server. */
  readonly cli?: CliRun;
  /** NaN when not measured on this corpus. */
  readonly diagnosticsMs: number;
  readonly diagnosticsErrors: number;
  readonly diagnosticsFailures: number;
  /** Which compiler answered the project-wide check (`5.9.3 workspace`); the floor is the bench's own TypeScript. */
  readonly compiler: string;
  readonly freshnessMs: readonly number[];
  readonly rssBytes: number;
  readonly agreement?: Agreement;
  readonly mismatches?: readonly SymbolOutcome[];
  readonly errors: readonly string[];
  readonly renameChanges?: number;
  readonly answerSizes?: AnswerSizes;
}

/** The characters of every tool's answers, measured on one system. */
export interface SizesResult {
  readonly system: SystemName;
  readonly answerSizes: AnswerSizes;
}

/** The floor's cold go_to_definition: parsing the tsconfig, then the program and the query. */
export interface FloorPhases {
  readonly configMs: number;
  readonly programMs: number;
}

export interface CorpusResult {
  readonly corpus: string;
  readonly description: string;
  readonly files: number;
  readonly sample: readonly SampledSymbol[];
  readonly floorSuggestionMs?: number;
  /** The raw LanguageService in a process of its own, spawn → first find_references answered. */
  readonly floorProcessMs?: number;
  /** The raw service's warm renames of the first sampled symbols: locations, then the check. */
  readonly renameFloor?: readonly RenameFloor[];
  /** The raw service's counterpart of each newer tool, warm (`tool-floors.ts`). */
  readonly toolFloor?: Record<ToolCase, number[]>;
  /** TypeScript 7's server asked directly: the floor of `lsp-tsgo`. */
  readonly nativeFloor?: NativeFloor;
  readonly systems: SystemResult[];
  /** With `sizesOnly`: the answer sizes alone. */
  readonly sizes?: SizesResult[];
  readonly wallMs: number;
}

export async function runCorpus(corpus: Corpus, options: Options): Promise<CorpusResult> {
  const t0 = performance.now();
  const files = listSources(corpus.root);
  const sample = sampleSymbols(corpus.root, files, SAMPLE_SEED, options.sampleSize);
  options.log(
    `${corpus.name}: ${files.length} files, sample of ${sample.length}: ${sample.map((s) => `${s.name}(${s.kind},${s.uses})`).join(' ')}`,
  );
  if (options.sizesOnly) {
    const sizes: SizesResult[] = [];
    for (const system of options.systems) {
      await using server = await McpSystem.start(system, corpus.root);
      sizes.push({ system, answerSizes: await measureAnswerSizes(server, corpus.name, sample, corpus.diagnostics) });
      options.log(`${corpus.name}: ${system} answer sizes done`);
    }
    return {
      corpus: corpus.name,
      description: corpus.description,
      files: files.length,
      sample,
      systems: [],
      sizes,
      wallMs: performance.now() - t0,
    };
  }
  const results: SystemResult[] = [];
  let floorRefs: Map<string, Set<string>> | undefined;
  let suggestionMs: number | undefined;
  let floorProcessMs: number | undefined;
  let renameFloor: readonly RenameFloor[] | undefined;
  let toolFloor: Record<ToolCase, number[]> | undefined;
  let nativeFloor: NativeFloor | undefined;
  if (options.floor) {
    const request = {
      root: corpus.root,
      tsconfig: corpus.tsconfig,
      sample,
      freshnessQueries: options.freshnessQueries,
      check: corpus.diagnostics,
    };
    const main = await runFloor({ ...request, mode: 'main' });
    // Cold figures are process-to-answer, as a client waits for the bridge's (spawn → answer): a Node
    // process that loads TypeScript, parses the tsconfig, builds the program and answers.
    const def = await runFloorTimed({ ...request, mode: 'cold-def' });
    const rename = await runFloorTimed({ ...request, mode: 'cold-rename' });
    floorProcessMs = (await runFloorTimed({ ...request, mode: 'cold-refs' })).wallMs;
    if (main.mode !== 'main') throw new Error('unexpected floor result');
    floorRefs = new Map(sample.map((s, i) => [key(s), new Set(main.refs[i]?.keys ?? [])]));
    suggestionMs = main.suggestionMs;
    renameFloor = main.renames;
    toolFloor = main.tools;
    results.push(floorResult(main, def, rename));
    options.log(
      `${corpus.name}: floor done (cold ${main.coldMs.toFixed(0)} ms, check ${main.checkMs.toFixed(0)} ms, ${main.errors} errors)`,
    );
  }
  if (options.floor && options.systems.includes('lsp-tsgo')) {
    nativeFloor = await runNativeFloor(corpus.root, sample);
    options.log(`${corpus.name}: TypeScript 7's own server done`);
  }
  for (const system of options.systems) {
    results.push(await runSystem(system, corpus, sample, floorRefs, options));
    options.log(`${corpus.name}: ${system} done`);
  }
  return {
    corpus: corpus.name,
    description: corpus.description,
    files: files.length,
    sample,
    ...(suggestionMs === undefined ? {} : { floorSuggestionMs: suggestionMs }),
    ...(floorProcessMs === undefined ? {} : { floorProcessMs }),
    ...(renameFloor === undefined ? {} : { renameFloor }),
    ...(toolFloor === undefined ? {} : { toolFloor }),
    ...(nativeFloor === undefined ? {} : { nativeFloor }),
    systems: results,
    wallMs: performance.now() - t0,
  };
}

/** Each newer tool, warm, on the first sampled symbols; none writes (dry runs; check_edits without apply). */
async function measureTools(
  server: McpSystem,
  root: string,
  sample: readonly SampledSymbol[],
  note: (what: string, error: string | undefined) => void,
): Promise<Record<ToolCase, number[]>> {
  const out = Object.fromEntries(TOOL_CASES.map((tool) => [tool, [] as number[]])) as Record<ToolCase, number[]>;
  for (const tool of TOOL_CASES) {
    for (const symbol of toolSample(tool, sample)) {
      const text = readFileSync(join(root, symbol.filePath), 'utf8');
      const answer = await server.timedCall(tool, toolArguments(tool, symbol, text));
      // A symbol still in use is refused by safe_delete: an answer, not a failure of the bench.
      if (answer.isError && answer.code?.startsWith('SYMBOL_IN_USE') !== true) note(`${tool} ${symbol.name}`, answer.code);
      out[tool].push(answer.ms);
    }
  }
  return out;
}

function key(symbol: SampledSymbol): string {
  return `${symbol.filePath}:${symbol.line}:${symbol.column}`;
}

function floorResult(
  main: Extract<FloorResult, { mode: 'main' }>,
  def: { result: FloorResult; wallMs: number },
  rename: { result: FloorResult; wallMs: number },
): SystemResult {
  return {
    system: 'floor',
    coldRefsMs: main.coldMs,
    coldDefMs: def.wallMs,
    coldRenameMs: rename.wallMs,
    warmRefsMs: main.refs.map((r) => r.ms),
    warmDefMs: main.defsMs,
    roundTripMs: [],
    ...(def.result.mode === 'cold-def' && def.result.phases !== undefined ? { coldPhases: def.result.phases } : {}),
    diagnosticsMs: main.checkMs > 0 ? main.checkMs : Number.NaN,
    diagnosticsErrors: main.errors,
    diagnosticsFailures: 0,
    compiler: `${ts.version} (floor)`,
    freshnessMs: main.freshnessMs,
    rssBytes: main.rssBytes,
    errors: [],
  };
}

async function runSystem(
  system: SystemName,
  corpus: Corpus,
  sample: readonly SampledSymbol[],
  floorRefs: Map<string, Set<string>> | undefined,
  options: Options,
): Promise<SystemResult> {
  const first = sample[0] as SampledSymbol;
  const errors: string[] = [];
  const note = (what: string, error: string | undefined): void => {
    if (error !== undefined) errors.push(`${what}: ${error}`);
  };
  const t0 = performance.now();
  const server = await McpSystem.start(system, corpus.root);
  try {
    const cold = await server.references(first);
    const coldRefsMs = performance.now() - t0;
    note(`cold refs ${first.name}`, cold.error);
    const warmRefsMs: number[] = [];
    const warmDefMs: number[] = [];
    let total: Agreement = { expected: 0, got: 0, common: 0 };
    const mismatches: SymbolOutcome[] = [];
    for (const symbol of sample) {
      const refs = await server.references(symbol);
      note(`refs ${symbol.name}`, refs.error);
      warmRefsMs.push(refs.ms);
      const def = await server.definition(symbol);
      note(`def ${symbol.name}`, def.error);
      warmDefMs.push(def.ms);
      const expected = floorRefs?.get(key(symbol));
      if (expected) {
        const got = new Set(refs.keys);
        const a = agreement(expected, got);
        total = addAgreement(total, a);
        if (a.common !== a.expected || a.common !== a.got) {
          mismatches.push({
            symbol: `${symbol.name} ${key(symbol)}`,
            expected: a.expected,
            got: a.got,
            missing: [...expected].filter((k) => !got.has(k)).slice(0, 10),
            extra: [...got].filter((k) => !expected.has(k)).slice(0, 10),
          });
        }
      }
    }
    const rssBytes = server.rss();
    const roundTripMs: number[] = [];
    for (let i = 0; i < sample.length; i++) roundTripMs.push(await server.ping());
    options.log(`${corpus.name}/${system}: warm done${corpus.diagnostics ? ', diagnostics…' : ''}`);
    // Right after the warm pass, as the floor checks (floor-child.ts): both programs have answered
    // the same references and definitions and nothing else, so neither checker is warmer. Later
    // calls (dry runs, the newer tools) check files on each side to different degrees.
    // Not measured where a project-wide check is too long; one file's check still names the compiler.
    const diagnostics = corpus.diagnostics
      ? await server.diagnostics()
      : { ms: Number.NaN, errors: 0, failures: 0, compiler: (await server.diagnostics(first.filePath)).compiler };
    note('diagnostics', diagnostics.error);
    // Dry runs write nothing: on the corpus itself, warm, as an agent previews a rename.
    const renameDryRunMs: number[] = [];
    for (const symbol of sample.slice(0, RENAME_SAMPLE)) {
      const dry = await server.rename(symbol, `${symbol.name}Renamed`, { dryRun: true });
      note(`rename dry run ${symbol.name}`, dry.error);
      renameDryRunMs.push(dry.ms);
    }
    const toolMs = await measureTools(server, corpus.root, sample, note);
    const freshnessMs: number[] = [];
    const undo: (() => void)[] = [];
    try {
      for (const symbol of sample.slice(0, options.freshnessQueries)) {
        undo.push(editFile(corpus.root, symbol.filePath));
        const refs = await server.references(symbol);
        note(`fresh refs ${symbol.name}`, refs.error);
        freshnessMs.push(refs.ms);
      }
    } finally {
      for (const restore of undo.reverse()) restore();
    }
    options.log(`${corpus.name}/${system}: answer sizes…`);
    const answerSizes = await measureAnswerSizes(server, corpus.name, sample, corpus.diagnostics);
    await server[Symbol.asyncDispose]();
    const def = await coldCall(system, corpus.root, (s) => s.definition(first));
    note('cold def', def.value.error);
    const cli = cliCommands(system, corpus.root, first);
    note('cli', cli.error);
    const scratch = scratchCopy(corpus, join(options.scratchDir, `${corpus.name}-${system}`));
    let rename;
    try {
      rename = await coldCall(system, scratch, (s) => s.rename(first, `${first.name}Renamed`));
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
    note('cold rename', rename.value.error);
    return {
      system,
      coldRefsMs,
      coldDefMs: def.ms,
      coldRenameMs: rename.ms,
      renameChanges: rename.value.totalChanges,
      warmRefsMs,
      warmDefMs,
      roundTripMs,
      renameDryRunMs,
      toolMs,
      coldPhases: def.phases,
      cli,
      diagnosticsMs: diagnostics.ms,
      diagnosticsErrors: diagnostics.errors,
      diagnosticsFailures: diagnostics.failures,
      compiler: diagnostics.compiler,
      freshnessMs,
      rssBytes,
      ...(floorRefs ? { agreement: total, mismatches } : {}),
      answerSizes,
      errors,
    };
  } finally {
    await server[Symbol.asyncDispose]();
  }
}
