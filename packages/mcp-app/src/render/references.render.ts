import type { FindReferencesResult, ReferenceItem } from '@mcp-lsp-bridge/domain/front';
import { groupByFile, plural, renderFailures, trimSnippet } from './text.js';

/** Past this many references, snippets are cut shorter: the list is read for where, not for what. */
const LONG_LIST = 50;
const SHORT_SNIPPET = 60;

/**
 * `12 references to parseConfig (1 declaration) in 3 files`, then declarations as
 * `path:line:col`, then usages grouped under their file as `line:col snippet`, references on
 * one line sharing it (`4:3,17 snippet`). The counts are of every reference found, the limit
 * notwithstanding.
 */
export function renderReferences(result: FindReferencesResult): string {
  const declarations = result.references.filter((r) => r.referenceType === 'declaration');
  const usages = result.references.filter((r) => r.referenceType === 'usage');
  // Declarations come first, so their count is known unless the limit stopped among them.
  const declarationsKnown = !result.truncated || usages.length > 0;
  const width = result.references.length > LONG_LIST ? SHORT_SNIPPET : undefined;
  const lines = [
    `${plural(result.totalCount, 'reference')} to ${result.symbolName}` +
      (declarationsKnown ? ` (${plural(declarations.length, 'declaration')})` : '') +
      ` in ${plural(result.fileCount, 'file')}` +
      (result.truncated
        ? `; showing the first ${result.references.length} (truncated: pass a larger limit to see the other ${result.totalCount - result.references.length})`
        : ''),
  ];
  for (const d of declarations)
    lines.push(`${d.filePath}:${d.line}:${d.column} [declaration] ${trimSnippet(d.codeSnippet, d.column, width)}`);
  for (const [file, refs] of groupByFile(usages)) {
    lines.push(file);
    for (const same of byLine(refs)) {
      const first = same[0] as ReferenceItem;
      lines.push(`  ${first.line}:${same.map((r) => r.column).join(',')} ${trimSnippet(first.codeSnippet, first.column, width)}`);
    }
  }
  lines.push(...renderFailures(result.failures));
  return lines.join('\n');
}

/** Consecutive references on the same line, together. */
function byLine(refs: readonly ReferenceItem[]): ReferenceItem[][] {
  const groups: ReferenceItem[][] = [];
  for (const ref of refs) {
    const last = groups[groups.length - 1];
    if (last?.[0]?.line === ref.line) last.push(ref);
    else groups.push([ref]);
  }
  return groups;
}
