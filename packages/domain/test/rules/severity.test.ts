import { describe, expect, it } from 'vitest';
import type { Severity } from '../../src/model/results.js';
import { countBySeverity, formatDiagnosticCode, severityOf } from '../../src/rules/severity.js';

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
