import type { CompletionResult, SignatureHelpItem } from '@mcp-lsp-bridge/domain/front';
import { plural } from './text.js';

/** The call's signature first (the active one marked), then one name a line: `deposit  method  (method) Account.deposit(…): void`. */
export function renderCompletion(result: CompletionResult): string {
  const where = `${result.filePath}:${result.line}:${result.column}`;
  const filter = result.prefix === '' ? '' : ` starting with "${result.prefix}"`;
  const lines = result.signatureHelp === undefined ? [] : [...renderSignatures(result.signatureHelp), ''];
  if (result.completions.length === 0) {
    lines.push(`No completions${filter} at ${where}.`);
    return lines.join('\n');
  }
  lines.push(
    `${plural(result.totalCount, 'completion')}${filter} at ${where}` +
      (result.truncated ? `; the best ${result.completions.length} listed (a longer prefix narrows them)` : '') +
      (result.incomplete === true ? "; the server's list is incomplete (a longer prefix may bring others)" : '') +
      ':',
  );
  for (const item of result.completions) {
    const from = item.source === undefined ? '' : `  from ${item.source}`;
    lines.push(`${item.name}  ${item.kind}${item.type === undefined ? '' : `  ${item.type}`}${from}`);
  }
  return lines.join('\n');
}

function renderSignatures(help: SignatureHelpItem): string[] {
  const active = help.signatures[help.activeSignature];
  const parameter = active?.parameters[help.activeParameter];
  const overloads = help.signatures.length > 1 ? ` (overload ${help.activeSignature + 1} of ${help.signatures.length})` : '';
  const lines = [
    `In a call to ${active?.label ?? ''}${overloads}` +
      (parameter === undefined ? '' : `, at parameter ${help.activeParameter + 1}: ${parameter}`),
  ];
  if (active?.documentation !== undefined) lines.push(`  ${active.documentation}`);
  help.signatures.forEach((s, i) => {
    if (i !== help.activeSignature) lines.push(`  also: ${s.label}`);
  });
  return lines;
}
