import { FIND_REFERENCES, type ImpactFile, type ImpactResult, type ImpactSymbol, MAX_IMPACT_SYMBOLS } from '@mcp-lsp-bridge/domain/front';
import { plural } from './text.js';

/**
 * Per symbol: a summary line (uses, files, tests, packages, public names, callers), the uses by
 * package as `file: line, line`, the test files, then the callers by depth.
 */
export function renderImpact(result: ImpactResult): string {
  if (result.symbols.length === 0) return 'No declaration in that range.';
  const lines: string[] = [];
  if (result.symbols.length > 1) lines.push(`${plural(result.symbols.length, 'symbol')}, ${plural(result.totalReferences, 'use')} in all`);
  for (const symbol of result.symbols) lines.push(...renderSymbol(symbol));
  if (result.truncated)
    lines.push(`Only the first ${MAX_IMPACT_SYMBOLS} declarations of the range are listed: narrow startLine/endLine for the rest.`);
  return lines.join('\n');
}

function renderSymbol(s: ImpactSymbol): string[] {
  const id = s.nodeId === undefined ? '' : `  ${s.nodeId}`;
  const exported = s.publicExports.map((e) => `${e.package} "${e.entryPoint}" ${e.exportedName}`).join(', ');
  const summary = [
    `${s.kind} ${s.name} (${s.filePath}:${s.line}:${s.column})${id}: ${plural(s.referenceCount, 'use')} in ${plural(s.fileCount, 'file')}`,
    `${s.testReferenceCount} in tests`,
    plural(s.packages.length, 'package'),
    exported === '' ? 'not exported by a package entry point' : `exported as ${exported}`,
    s.callersUnavailable === undefined ? plural(s.callers.length, 'caller') : 'callers unknown',
  ].join('; ');
  const lines = [summary];
  for (const p of s.packages) {
    lines.push(`${p.package === '.' ? '(workspace root)' : p.package}: ${plural(p.count, 'use')}`);
    lines.push(...p.files.map((f) => `  ${fileLine(f)}`));
  }
  if (s.tests.length > 0) {
    lines.push(`tests: ${plural(s.testReferenceCount, 'use')}`);
    lines.push(...s.tests.map((f) => `  ${fileLine(f)}`));
  }
  if (s.callers.length > 0) {
    lines.push('callers (depth: 1 calls it directly):');
    for (const c of s.callers) {
      const callerId = c.nodeId === undefined ? '' : `  ${c.nodeId}`;
      lines.push(`  ${c.depth} ${c.kind} ${c.name}  ${c.filePath}:${c.line}:${c.column}${callerId}${c.test ? '  [test]' : ''}`);
    }
  }
  if (s.callersUnavailable !== undefined) lines.push(`callers: ${s.callersUnavailable}`);
  if (s.truncated) lines.push(`Some lines or callers were left out (the counts count every one): raise limit, or call ${FIND_REFERENCES}.`);
  for (const f of s.failures ?? []) lines.push(`not searched: ${f.filePath}: ${f.reason}`);
  return lines;
}

function fileLine(f: ImpactFile): string {
  const more = f.lines.length < f.count ? ` (${f.count} uses)` : '';
  return `${f.filePath}: ${f.lines.length === 0 ? '…' : f.lines.join(', ')}${more}`;
}
