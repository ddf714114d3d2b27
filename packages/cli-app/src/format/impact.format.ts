import type { ImpactFile, ImpactResult, ImpactSymbol } from '@mcp-lsp-bridge/domain/front';
import { plural, type Formatter } from './formatter.js';

/** Per symbol: its line, the uses by package and file (`path: 3, 9`), the test files, the callers by depth, and a summary. */
export function formatImpact(result: ImpactResult, out: Formatter): string[] {
  if (result.symbols.length === 0) return [out.style.bold('No declaration in that range.')];
  const lines = result.symbols.flatMap((symbol) => formatSymbol(symbol, out));
  if (result.truncated) lines.push(out.style.bold('Only the first declarations of the range are listed: narrow --lines for the rest.'));
  return lines;
}

function formatSymbol(s: ImpactSymbol, out: Formatter): string[] {
  const { style } = out;
  const id = s.nodeId === undefined ? '' : `  ${style.dim(s.nodeId)}`;
  const lines = [`${style.dim(s.kind)} ${style.bold(s.name)}  ${out.location(s.filePath, s.line, s.column)}${id}`];
  const file = (f: ImpactFile): string =>
    `    ${style.path(out.path(f.filePath))}${style.separator(':')} ${f.lines.join(', ')}${f.lines.length < f.count ? style.dim(` (${f.count} uses)`) : ''}`;
  for (const p of s.packages) {
    lines.push(`  ${style.bold(p.package === '.' ? '(workspace root)' : p.package)}  ${style.dim(plural(p.count, 'use'))}`);
    lines.push(...p.files.map(file));
  }
  if (s.tests.length > 0) {
    lines.push(`  ${style.bold('tests')}  ${style.dim(plural(s.testReferenceCount, 'use'))}`);
    lines.push(...s.tests.map(file));
  }
  for (const e of s.publicExports) lines.push(`  ${style.dim('exported by')} ${e.package} "${e.entryPoint}" ${style.bold(e.exportedName)}`);
  for (const c of s.callers) {
    const callerId = c.nodeId === undefined ? '' : `  ${style.dim(c.nodeId)}`;
    lines.push(`  ${style.dim(`caller (depth ${c.depth})`)} ${c.kind} ${c.name}  ${out.location(c.filePath, c.line, c.column)}${callerId}`);
  }
  if (s.callersUnavailable !== undefined) lines.push(`  ${style.dim(`callers: ${s.callersUnavailable}`)}`);
  for (const f of s.failures ?? [])
    lines.push(`  ${style.dim('not searched')} ${style.path(out.path(f.filePath))}${style.separator(':')} ${f.reason}`);
  const summary = `${plural(s.referenceCount, 'use')} of ${s.name} in ${plural(s.fileCount, 'file')} (${s.testReferenceCount} in tests), ${plural(s.callers.length, 'caller')}`;
  return [...lines, '', style.bold(summary + (s.truncated ? '; some lines left out (--limit)' : '')), ''];
}
