import {
  describeCompiler,
  type DiagnosticItem,
  GET_DIAGNOSTICS,
  type GetDiagnosticsInput,
  type GetDiagnosticsResult,
  type Severity,
} from '@mcp-lsp-bridge/domain/front';
import { plural, renderFailures, trimSnippet } from './text.js';

const MAX_LINES = 500;
const MAX_MESSAGE = 300;
/** The most codes a summary of unlisted diagnostics names; the rest are counted together. */
const MAX_CODES = 10;

/** What the text lists one by one unless the call named its severities: the ones that need fixing. */
const LISTED_BY_DEFAULT: ReadonlySet<Severity> = new Set(['error', 'warning']);

/**
 * The counts, then the errors and warnings one by one. Info and hints (a project's hundreds of
 * "deprecated" hints) are summed up by code with the call that lists them, unless the call
 * asked for severities, when everything it asked for is listed.
 */
export function renderDiagnostics(result: GetDiagnosticsResult, args: Partial<GetDiagnosticsInput> = {}): string {
  const lines = [
    `${plural(result.errorCount, 'error')}, ${plural(result.warningCount, 'warning')}, ${result.infoCount} info, ` +
      `${plural(result.hintCount, 'hint')} in ${plural(result.fileCount, 'file')}`,
    ...renderCompilers(result),
  ];
  const asked = args.severity !== undefined;
  const listed = asked ? result.diagnostics : result.diagnostics.filter((d) => LISTED_BY_DEFAULT.has(d.severity));
  for (const d of listed.slice(0, MAX_LINES)) lines.push(...renderDiagnosticItem(d));
  if (listed.length > MAX_LINES) {
    lines.push(`… ${listed.length - MAX_LINES} more in structuredContent.diagnostics (pass filePath or severity to narrow).`);
  }
  if (!asked)
    lines.push(
      ...summary(
        result.diagnostics.filter((d) => !LISTED_BY_DEFAULT.has(d.severity)),
        args.filePath,
      ),
    );
  else if (result.diagnostics.length < total(result)) {
    lines.push(`${plural(total(result) - result.diagnostics.length, 'diagnostic')} of other severities not listed (severity filter).`);
  }
  lines.push(...renderFailures(result.failures));
  return lines.join('\n');
}

function total(result: GetDiagnosticsResult): number {
  return result.errorCount + result.warningCount + result.infoCount + result.hintCount;
}

/** `Not listed: 214 hints: TS6385 ×180 ('of' is deprecated.), …; list them with GET_DIAGNOSTICS {…}`. */
function summary(unlisted: readonly DiagnosticItem[], filePath: string | undefined): string[] {
  if (unlisted.length === 0) return [];
  const byCode = new Map<string, { count: number; severity: Severity; message: string }>();
  for (const d of unlisted) {
    const entry = byCode.get(d.code);
    if (entry) entry.count++;
    else byCode.set(d.code, { count: 1, severity: d.severity, message: oneLine(d.message, 80) });
  }
  const codes = [...byCode].sort((a, b) => b[1].count - a[1].count || (a[0] < b[0] ? -1 : 1));
  const severities = [...new Set(unlisted.map((d) => d.severity))];
  const call = JSON.stringify({ ...(filePath === undefined ? {} : { filePath }), severity: severities });
  return [
    `Not listed: ${severities.map((s) => counted(unlisted.filter((d) => d.severity === s).length, s)).join(', ')}; list them with ${GET_DIAGNOSTICS} ${call}:`,
    ...codes.slice(0, MAX_CODES).map(([code, e]) => `  ${code === '' ? '(no code)' : code} ×${e.count} ${e.severity} (e.g. ${e.message})`),
    ...(codes.length > MAX_CODES ? [`  … ${codes.length - MAX_CODES} more codes`] : []),
  ];
}

/** `3 hints`, `1 info` (info has no plural). */
function counted(count: number, severity: Severity): string {
  return severity === 'info' ? `${count} info` : plural(count, severity);
}

function oneLine(message: string, max: number): string {
  const flat = message.replace(/\s*\n\s*/g, ' ');
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/** One line naming the compiler that answered (each, with its projects, when several did), and why when it was not the project's own. */
export function renderCompilers(result: GetDiagnosticsResult): string[] {
  const { compiler, compilers } = result;
  if (compilers !== undefined && compilers.length > 1) {
    return [`compilers: ${compilers.map((c) => `${describeCompiler(c)} for ${(c.projects ?? []).join(', ')}`).join('; ')}`];
  }
  return compiler === undefined ? [] : [`compiler: ${describeCompiler(compiler)}`];
}

/** `path:line:col severity code message` on one line, and for an error the code line under it. */
export function renderDiagnosticItem(d: DiagnosticItem): string[] {
  const shown = oneLine(d.message, MAX_MESSAGE);
  const line = `${d.filePath}:${d.line}:${d.column} ${d.severity}${d.code === '' ? '' : ` ${d.code}`} ${shown}`;
  return d.severity === 'error' ? [line, `  ${trimSnippet(d.codeSnippet, d.column)}`] : [line];
}
