import type { CompletionResult } from '@mcp-lsp-bridge/domain/front';
import { plural, type Formatter } from './formatter.js';
import { terminalMarkdown } from './terminal-markdown.js';

/** The call's signatures (the active one first, with its documentation), then `name  kind  type` a line, then the count. */
export function formatCompletion(result: CompletionResult, out: Formatter): string[] {
  const { style } = out;
  const lines: string[] = [];
  const help = result.signatureHelp;
  if (help !== undefined) {
    const active = help.signatures[help.activeSignature];
    const parameter = active?.parameters[help.activeParameter];
    lines.push(
      `${style.bold(active?.label ?? '')}${parameter === undefined ? '' : `  ${style.dim(`parameter ${help.activeParameter + 1}:`)} ${parameter}`}`,
    );
    // Markdown, as hover's: printed as a terminal reader should see it.
    const documentation = terminalMarkdown(active?.documentation ?? '', style);
    lines.push(...documentation.map((line) => (line === '' ? '' : `  ${style.dim(line)}`)));
    help.signatures.forEach((s, i) => {
      if (i !== help.activeSignature) lines.push(`  ${style.dim('overload:')} ${s.label}`);
    });
    lines.push('');
  }
  const width = Math.max(0, ...result.completions.map((c) => c.name.length));
  for (const c of result.completions) {
    lines.push(
      `${c.name.padEnd(width)}  ${style.dim(c.kind.padEnd(13))}${c.type ?? ''}${c.source === undefined ? '' : style.dim(`  from ${c.source}`)}`,
    );
  }
  if (result.completions.length > 0) lines.push('');
  const filter = result.prefix === '' ? '' : ` starting with "${result.prefix}"`;
  const where = out.location(result.filePath, result.line, result.column);
  lines.push(
    style.bold(
      result.completions.length === 0
        ? `No completions${filter} at ${where}.`
        : `${plural(result.totalCount, 'completion')}${filter} at ${where}` +
            (result.truncated ? `, ${result.completions.length} listed (--limit or --prefix for the rest)` : ''),
    ),
  );
  return lines;
}
