import type { FindReferencesResult } from '@mcp-lsp-bridge/domain/front';
import { formatFailures } from './failures.format.js';
import { plural, type Formatter } from './formatter.js';
import { identifierLength, snippet } from './snippet.js';

/**
 * `path:line:col  snippet` per reference, declarations first and marked, then a summary of every
 * reference found, the limit notwithstanding: `4 references to parseConfig (1 declaration) in 2 files`.
 */
export function formatReferences(result: FindReferencesResult, out: Formatter): string[] {
  const { style } = out;
  const lines = result.references.map((r) => {
    const code = snippet(r.codeSnippet, r.column, identifierLength(r.codeSnippet, r.column), style);
    const mark = r.referenceType === 'declaration' ? `${style.declaration('declaration')}  ` : '';
    return `${out.location(r.filePath, r.line, r.column)}  ${mark}${code}`;
  });
  const declarations = result.references.filter((r) => r.referenceType === 'declaration').length;
  // Declarations come first, so their count is known unless the limit stopped among them.
  const declarationsKnown = !result.truncated || declarations < result.references.length;
  const counted = declarationsKnown ? ` (${plural(declarations, 'declaration')})` : '';
  const shown = result.truncated ? `; showing the first ${result.references.length} (pass --limit to see more)` : '';
  return [
    ...lines,
    '',
    style.bold(
      `${plural(result.totalCount, 'reference')} to ${result.symbolName}${counted} in ${plural(result.fileCount, 'file')}${shown}`,
    ),
    ...formatFailures(result.failures, out),
  ];
}
