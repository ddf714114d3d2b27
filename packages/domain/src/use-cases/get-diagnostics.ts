import type { ToolError } from '../errors/bridge-error.js';
import { toolError } from '../errors/bridge-error.js';
import { ErrorCode } from '../errors/error-codes.js';
import type { GetDiagnosticsInput } from '../model/inputs.js';
import type { DiagnosticItem, FileFailureItem, GetDiagnosticsResult, Severity } from '../model/results.js';
import type { Signal } from '../model/signal.js';
import type { DiagnosticRecord, Progress, QueryScope } from '../ports/symbol-index.js';
import { compareLocations, compareStrings } from '../rules/ordering.js';
import { displayPath, isWorkspaceSource } from '../rules/paths.js';
import { briefMessage } from '../rules/answer-size.js';
import { quoted } from '../rules/brief-text.js';
import { compilerReport } from '../rules/compilers.js';
import { countBySeverity, formatDiagnosticCode, isSeverity, SEVERITIES, severityOf } from '../rules/severity.js';
import { DEFAULT_DIAGNOSTICS_BUDGET_MS } from '../rules/diagnostics-budget.js';
import { guard } from './guard.js';
import { projectDiagnostics } from './project-diagnostics.js';
import type { BridgePorts } from './ports.js';
import { resolveSourceFile, resolveWorkspace } from './resolve-target.js';
import { SourceTexts } from './source-texts.js';

/** The time as the process tells it, for ports that bring no clock of their own. */
const SYSTEM_CLOCK = { now: (): number => Date.now() };

export interface DiagnosticsOptions {
  readonly onProgress?: (progress: Progress) => void;
}

/** FS-001.4: the diagnostics of one file, or of every project file when `filePath` is omitted. */
export function getDiagnostics(
  ports: BridgePorts,
  input: GetDiagnosticsInput,
  signal: Signal,
  options: DiagnosticsOptions = {},
): Promise<GetDiagnosticsResult | ToolError> {
  return guard(signal, async () => {
    const wanted = severities(input.severity);
    if (!(wanted instanceof Set)) return wanted;
    const root = await resolveWorkspace(ports.files, input.workspaceRoot, signal);
    if (typeof root !== 'string') return root;
    const scope: QueryScope = { workspaceRoot: root, signal, ...(options.onProgress ? { onProgress: options.onProgress } : {}) };
    let records: readonly DiagnosticRecord[];
    let failures: FileFailureItem[] = [];
    let filePath: string | undefined;
    if (input.filePath !== undefined) {
      const path = await resolveSourceFile(ports, root, input.filePath, signal);
      if (typeof path !== 'string') return path;
      filePath = path;
      records = await ports.symbols.diagnostics(scope, path);
    } else {
      const budget = { budgetMs: ports.diagnosticsBudgetMs ?? DEFAULT_DIAGNOSTICS_BUDGET_MS, clock: ports.clock ?? SYSTEM_CLOCK };
      const answer = await projectDiagnostics(ports.symbols, scope, budget);
      records = answer.diagnostics;
      failures = answer.failures.map((f) => ({ filePath: displayPath(root, f.path), reason: f.reason }));
      if (answer.filesChecked === 0 && failures.length > 0) {
        return toolError(
          ErrorCode.LANGUAGE_SERVER_ERROR,
          `No file of the workspace could be checked: ${failures
            .slice(0, 5)
            .map((f) => `${f.filePath} (${f.reason})`)
            .join(', ')}`,
          'Check that the files are readable source files, then retry.',
        );
      }
    }
    const texts = new SourceTexts(ports.symbols, scope);
    const found = records.filter((record) => isWorkspaceSource(root, record.path));
    // The counts are of everything found: a filtered answer still tells what it left out.
    const diagnostics: DiagnosticItem[] = [];
    for (const record of found) {
      if (wanted.has(severityOf(record.category))) diagnostics.push(await diagnosticItem(root, texts, record));
    }
    diagnostics.sort(compareLocations);
    const compilers = compilerReport(root, await ports.symbols.compilers(scope, filePath), filePath === undefined);
    return {
      success: true,
      diagnostics,
      ...countBySeverity(found.map((record) => ({ severity: severityOf(record.category) }))),
      fileCount: new Set(found.map((record) => record.path)).size,
      ...(failures.length > 0 ? { failures: failures.sort((a, b) => compareStrings(a.filePath, b.filePath)) } : {}),
      ...compilers,
    };
  });
}

/** The severities asked for (every one when absent), or INVALID_INPUT naming the valid ones. */
function severities(asked: readonly string[] | undefined): Set<Severity> | ToolError {
  if (asked === undefined) return new Set(SEVERITIES);
  const unknown = asked.filter((s) => !isSeverity(s));
  if (asked.length === 0 || unknown.length > 0) {
    return toolError(
      ErrorCode.INVALID_INPUT,
      asked.length === 0 ? 'severity lists no severity' : `Unknown severity: ${unknown.slice(0, 5).map(quoted).join(', ')}`,
      `Pass severity as a list of ${SEVERITIES.map((s) => `"${s}"`).join(', ')}, e.g. ["error", "warning"], or omit it for every severity.`,
    );
  }
  return new Set(asked.filter(isSeverity));
}

/** A diagnostic record as the tools show it: placed by line and column, with its line of code. */
export async function diagnosticItem(root: string, texts: SourceTexts, record: DiagnosticRecord): Promise<DiagnosticItem> {
  const placed = await texts.place(record);
  return {
    filePath: displayPath(root, record.path),
    line: placed?.start.line ?? 1,
    column: placed?.start.column ?? 1,
    endLine: placed?.end.line ?? 1,
    endColumn: placed?.end.column ?? 1,
    severity: severityOf(record.category),
    code: formatDiagnosticCode(record.code),
    // A message quotes the code it is about (a 1 MB identifier in "Cannot find name"): cut like every message.
    message: briefMessage(record.message),
    codeSnippet: placed?.codeSnippet ?? '',
    ...(record.source === undefined ? {} : { source: record.source }),
  };
}
