import type { FindReferencesResult } from '@mcp-lsp-bridge/domain';
import { groupByFile, plural, renderFailures, trimSnippet } from './text.js';

/**
 * `12 references to parseConfig (1 declaration) in 3 files`, then declarations as
 * `path:line:col`, then usages grouped under their file as `line:col snippet`.
 */
export function renderReferences(result: FindReferencesResult): string {
  const declarations = result.references.filter((r) => r.referenceType === 'declaration');
  const usages = result.references.filter((r) => r.referenceType === 'usage');
  const files = new Set(result.references.map((r) => r.filePath)).size;
  const lines = [
    `${plural(result.totalCount, 'reference')} to ${result.symbolName} (${plural(declarations.length, 'declaration')}) in ${plural(files, 'file')}` +
      (result.truncated ? `; showing the first ${result.references.length} (truncated: pass a larger limit to see more)` : ''),
  ];
  for (const d of declarations) lines.push(`${d.filePath}:${d.line}:${d.column} [declaration] ${trimSnippet(d.codeSnippet, d.column)}`);
  for (const [file, refs] of groupByFile(usages)) {
    lines.push(file);
    for (const r of refs) lines.push(`  ${r.line}:${r.column} ${trimSnippet(r.codeSnippet, r.column)}`);
  }
  lines.push(...renderFailures(result.failures));
  return lines.join('\n');
}
