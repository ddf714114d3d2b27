import { describe, expect, it } from 'vitest';
import type { Severity } from '../../src/model/results.js';
import { categoryFromLspSeverity, countBySeverity, formatDiagnosticCode, severityOf } from '../../src/rules/severity.js';

describe('severityOf', () => {
  it.each([
    ['error', 'error'],
    ['warning', 'warning'],
    ['message', 'info'],
    ['suggestion', 'hint'],
  ] as const)('maps the category %s to the severity %s', (category, severity) => {
    expect(severityOf(category)).toBe(severity);
  });
});

describe('categoryFromLspSeverity', () => {
  it.each([
    [1, 'error'],
    [2, 'warning'],
    [3, 'message'],
    [4, 'suggestion'],
  ] as const)('maps LSP DiagnosticSeverity %i to %s', (lsp, category) => {
    expect(categoryFromLspSeverity(lsp)).toBe(category);
  });

  it('treats a missing or unknown severity as an error', () => {
    expect(categoryFromLspSeverity(undefined)).toBe('error');
    expect(categoryFromLspSeverity(7)).toBe('error');
  });

  it('gives the FS-001 severities for the four LSP severities', () => {
    expect([1, 2, 3, 4].map((n) => severityOf(categoryFromLspSeverity(n)))).toEqual(['error', 'warning', 'info', 'hint']);
  });
});

describe('formatDiagnosticCode', () => {
  it('prefixes numeric TypeScript codes with "TS"', () => {
    expect(formatDiagnosticCode(2304)).toBe('TS2304');
  });

  it('passes string codes through', () => {
    expect(formatDiagnosticCode('no-unused-vars')).toBe('no-unused-vars');
  });
});

describe('countBySeverity', () => {
  it('counts each severity', () => {
    const severities: Severity[] = ['error', 'hint', 'warning', 'error', 'info', 'hint', 'hint'];
    expect(countBySeverity(severities.map((severity) => ({ severity })))).toEqual({
      errorCount: 2,
      warningCount: 1,
      infoCount: 1,
      hintCount: 3,
    });
  });

  it('counts nothing as zeros', () => {
    expect(countBySeverity([])).toEqual({ errorCount: 0, warningCount: 0, infoCount: 0, hintCount: 0 });
  });
});
