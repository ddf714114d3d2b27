import type { HoverResult } from '@mcp-lsp-bridge/domain/front';
import type { Formatter } from './formatter.js';
import { terminalMarkdown } from './terminal-markdown.js';

/** The type signature as the compiler prints it, then the documentation after a blank line, its markdown as it reads. */
export function formatHover(result: HoverResult, out: Formatter): string[] {
  const { style } = out;
  if (result.signature === undefined || result.signature === '') {
    return [style.bold(`No type information for ${result.symbolName}.`)];
  }
  const text = terminalMarkdown(result.documentation ?? '', style);
  const documentation = text.length === 0 ? [] : ['', ...text];
  const cut = result.truncated === true ? ['', style.dim('(documentation shortened)')] : [];
  return [...result.signature.split('\n').map((line) => style.bold(line)), ...documentation, ...cut];
}
