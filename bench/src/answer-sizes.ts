import { performance } from 'node:perf_hooks';
import type { McpSystem, ToolAnswer } from './mcp-system.js';
import type { SampledSymbol } from './sample.js';
import { summarize } from './stats.js';

/** What one kind of call cost an agent: the characters of its text and of its structured content. */
export interface AnswerSize {
  readonly tool: string;
  /** Characters of the text content, one entry per answer. */
  readonly text: readonly number[];
  /** Characters of `JSON.stringify(structuredContent)`, one entry per answer. */
  readonly structured: readonly number[];
}

/** A named call on one corpus, measured alone (the issue's worst cases). */
export interface ProbeSize {
  readonly probe: string;
  readonly text: number;
  readonly structured: number;
  readonly note?: string;
}

export interface AnswerSizes {
  readonly tools: readonly AnswerSize[];
  readonly probes: readonly ProbeSize[];
  readonly ms: number;
}

/** Calls that write or take long are measured on the first few symbols only. */
const FEW = 5;

/**
 * Every tool's answer, as an agent would call it with no options, on the sampled symbols: one
 * call per symbol (document_symbols and single-file get_diagnostics per distinct file,
 * workspace_symbols with the first six letters of the name, type_hierarchy of classes and
 * interfaces), project-wide get_diagnostics once (where the corpus is measured with it), and on
 * the first few symbols the newer tools (impact, completion after the name, code actions, type
 * definition) and dry runs of the writing tools.
 */
export async function measureAnswerSizes(
  server: McpSystem,
  corpus: string,
  sample: readonly SampledSymbol[],
  projectDiagnostics: boolean,
): Promise<AnswerSizes> {
  const t0 = performance.now();
  const sizes = new Map<string, { text: number[]; structured: number[] }>();
  const record = (tool: string, answer: ToolAnswer): void => {
    const entry = sizes.get(tool) ?? { text: [], structured: [] };
    entry.text.push(answer.textChars);
    entry.structured.push(answer.structuredChars);
    sizes.set(tool, entry);
  };
  const files = new Set<string>();
  for (const [i, symbol] of sample.entries()) {
    const at = { filePath: symbol.filePath, line: symbol.line, column: symbol.column };
    record('find_references', await server.callTool('find_references', at));
    record('go_to_definition', await server.callTool('go_to_definition', at));
    record('hover', await server.callTool('hover', at));
    record('find_implementations', await server.callTool('find_implementations', at));
    record('call_hierarchy', await server.callTool('call_hierarchy', { ...at, direction: 'incoming' }));
    record('workspace_symbols', await server.callTool('workspace_symbols', { query: symbol.name.slice(0, 6) }));
    if (!files.has(symbol.filePath)) {
      files.add(symbol.filePath);
      record('document_symbols', await server.callTool('document_symbols', { filePath: symbol.filePath }));
      record('get_diagnostics (file)', await server.callTool('get_diagnostics', { filePath: symbol.filePath }));
    }
    if (symbol.kind === 'class' || symbol.kind === 'interface') {
      record('type_hierarchy', await server.callTool('type_hierarchy', { ...at, direction: 'both' }));
    }
    if (i < FEW) {
      record('go_to_type_definition', await server.callTool('go_to_type_definition', at));
      record('impact', await server.callTool('impact', at));
      record('completion', await server.callTool('completion', { ...at, column: symbol.column + symbol.name.length }));
      record('code_actions', await server.callTool('code_actions', at));
      record('rename_symbol (dry run)', await server.callTool('rename_symbol', { ...at, newName: `${symbol.name}Renamed`, dryRun: true }));
      if (symbol.kind === 'function' || symbol.kind === 'method') {
        const replacement = "throw new Error('bench');";
        record(
          'replace_symbol_body (dry run)',
          await server.callTool('replace_symbol_body', { ...at, mode: 'replace-body', replacement, dryRun: true }),
        );
      }
    }
  }
  if (projectDiagnostics) record('get_diagnostics (project)', await server.callTool('get_diagnostics', {}));
  const probes: ProbeSize[] = [];
  for (const probe of PROBES[corpus] ?? []) {
    const answer = await server.callTool(probe.tool, probe.args);
    probes.push({
      probe: `${probe.tool} ${JSON.stringify(probe.args)}`,
      text: answer.textChars,
      structured: answer.structuredChars,
      ...(probe.note ? { note: probe.note(answer.structured) } : {}),
    });
  }
  const tools = [...sizes].map(([tool, s]) => ({ tool, ...s })).sort((a, b) => (a.tool < b.tool ? -1 : a.tool > b.tool ? 1 : 0));
  return { tools, probes, ms: performance.now() - t0 };
}

interface Probe {
  readonly tool: string;
  readonly args: Record<string, unknown>;
  readonly note?: (structured: Record<string, unknown>) => string;
}

/** The rank of the first symbol of this kind and name in a workspace_symbols answer. */
function rankOf(kind: string, name: string): (structured: Record<string, unknown>) => string {
  return (structured) => {
    const symbols = (structured['symbols'] ?? []) as { kind: string; name: string }[];
    const at = symbols.findIndex((s) => s.kind === kind && s.name === name);
    return `${kind} ${name} ranked ${at < 0 ? `below ${symbols.length}` : at + 1}; totalCount ${String(structured['totalCount'])}`;
  };
}

/** The answers issue 16 measured on rxjs, by name, so before and after compare call for call. */
const PROBES: Readonly<Record<string, readonly Probe[]>> = {
  rxjs: [
    { tool: 'document_symbols', args: { filePath: 'src/internal/testing/TestScheduler.ts' } },
    { tool: 'find_references', args: { filePath: 'src/internal/Observable.ts', symbol: 'Observable' } },
    { tool: 'find_references', args: { filePath: 'src/internal/Observable.ts', symbol: 'Observable', limit: 3 } },
    { tool: 'workspace_symbols', args: { query: 'subscr' }, note: rankOf('class', 'Subscriber') },
    { tool: 'type_hierarchy', args: { filePath: 'src/internal/Subscription.ts', symbol: 'Subscription', direction: 'subtypes', depth: 3 } },
    { tool: 'impact', args: { filePath: 'src/internal/Observable.ts', symbol: 'Observable' } },
    { tool: 'get_diagnostics', args: {} },
  ],
};

const fmtChars = (n: number): string => (n >= 10_000 ? `${(n / 1000).toFixed(1)} k` : String(Math.round(n)));

/** A Markdown table: characters per answer, median and max, text and structured content. */
export function answerSizeTable(rows: readonly { corpus: string; system: string; sizes: AnswerSizes }[]): string {
  const lines = [
    '| corpus | system | tool | answers | text median | text max | structured median | structured max |',
    '|---|---|---|---|---|---|---|---|',
  ];
  for (const { corpus, system, sizes } of rows) {
    for (const t of sizes.tools) {
      const text = summarize(t.text);
      const structured = summarize(t.structured);
      if (!text || !structured) continue;
      lines.push(
        `| ${corpus} | ${system} | ${t.tool} | ${text.n} | ${fmtChars(text.median)} | ${fmtChars(text.max)} | ${fmtChars(structured.median)} | ${fmtChars(structured.max)} |`,
      );
    }
  }
  const probes = rows.flatMap(({ corpus, system, sizes }) => sizes.probes.map((p) => ({ corpus, system, ...p })));
  if (probes.length > 0) {
    lines.push('', '| corpus | system | call | text | structured | note |', '|---|---|---|---|---|---|');
    for (const p of probes)
      lines.push(`| ${p.corpus} | ${p.system} | \`${p.probe}\` | ${fmtChars(p.text)} | ${fmtChars(p.structured)} | ${p.note ?? ''} |`);
  }
  return lines.join('\n');
}
