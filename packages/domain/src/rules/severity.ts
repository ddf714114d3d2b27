import type { Severity } from '../model/results.js';

/** How a language service classifies a diagnostic; adapters report one of these. */
export type DiagnosticCategory = 'error' | 'warning' | 'message' | 'suggestion';

const FROM_CATEGORY: Readonly<Record<DiagnosticCategory, Severity>> = {
  error: 'error',
  warning: 'warning',
  message: 'info',
  suggestion: 'hint',
};

/** Every severity, most serious first. */
export const SEVERITIES: readonly Severity[] = ['error', 'warning', 'info', 'hint'];

export function isSeverity(text: string): text is Severity {
  return (SEVERITIES as readonly string[]).includes(text);
}

export function severityOf(category: DiagnosticCategory): Severity {
  return FROM_CATEGORY[category];
}

/** `2304` → `"TS2304"`; string codes pass through. */
export function formatDiagnosticCode(code: number | string): string {
  return typeof code === 'number' ? `TS${code}` : code;
}

export interface SeverityCounts {
  readonly errorCount: number;
  readonly warningCount: number;
  readonly infoCount: number;
  readonly hintCount: number;
}

export function countBySeverity(items: readonly { readonly severity: Severity }[]): SeverityCounts {
  let errorCount = 0;
  let warningCount = 0;
  let infoCount = 0;
  let hintCount = 0;
  for (const { severity } of items) {
    if (severity === 'error') errorCount++;
    else if (severity === 'warning') warningCount++;
    else if (severity === 'info') infoCount++;
    else hintCount++;
  }
  return { errorCount, warningCount, infoCount, hintCount };
}
