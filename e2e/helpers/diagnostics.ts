import { expect } from 'vitest';
import type { DiagnosticItem, GetDiagnosticsResult, Severity } from './results.js';
import type { Marker } from './workspace.js';

const SEVERITY_OF_KIND: Readonly<Record<string, Severity>> = { err: 'error', hint: 'hint' };

/** The diagnostic a `/*@err:TSnnnn*\/` or `/*@hint:TSnnnn*\/` marker announces, if returned. */
export function diagnosticFor(diagnostics: readonly DiagnosticItem[], marker: Marker): DiagnosticItem | undefined {
  return diagnostics.find(
    (d) => d.filePath === marker.displayPath && d.line === marker.line && d.column === marker.column && d.code === marker.tag,
  );
}

/** Each marker has its diagnostic: code, severity, range over the marked identifier, whole-line snippet. */
export function expectMarkedDiagnostics(diagnostics: readonly DiagnosticItem[], markers: readonly Marker[]): void {
  for (const marker of markers) {
    const found = diagnosticFor(diagnostics, marker);
    const where = `${marker.tag} at ${marker.file}:${marker.line}:${marker.column}`;
    expect(found, `${where} missing from ${JSON.stringify(diagnostics.map(({ message: _m, codeSnippet: _s, ...d }) => d))}`).toBeDefined();
    expect(found?.severity, where).toBe(SEVERITY_OF_KIND[marker.kind]);
    expect(found?.codeSnippet, where).toBe(marker.lineText);
    expect(found?.message.trim(), where).not.toBe('');
    if (marker.identifier !== '')
      expect({ endLine: found?.endLine, endColumn: found?.endColumn }, where).toEqual({
        endLine: marker.line,
        endColumn: marker.endColumn,
      });
  }
}

/** Summary counts agree with the list (AC-1.4.5). */
export function expectCountsMatchList(result: GetDiagnosticsResult): void {
  const tally = (severity: Severity): number => result.diagnostics.filter((d) => d.severity === severity).length;
  expect({
    errorCount: result.errorCount,
    warningCount: result.warningCount,
    infoCount: result.infoCount,
    hintCount: result.hintCount,
  }).toEqual({ errorCount: tally('error'), warningCount: tally('warning'), infoCount: tally('info'), hintCount: tally('hint') });
  for (const d of result.diagnostics) expect(['error', 'warning', 'info', 'hint']).toContain(d.severity);
  expect(result.fileCount, 'fileCount').toBe(new Set(result.diagnostics.map((d) => d.filePath)).size);
}
