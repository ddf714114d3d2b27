import type { HoverResult } from '@mcp-lsp-bridge/domain/front';
import type { Formatter } from './formatter.js';

/** The type signature as the compiler prints it, then the documentation (markdown) after a blank line. */
export function formatHover(result: HoverResult, out: Formatter): string[] {
  const { style } = out;
  if (result.signature === undefined || result.signature === '') {
    return [style.bold(`No type information for ${result.symbolName}.`)];
  }
  const documentation = result.documentation === undefined || result.documentation === '' ? [] : ['', ...result.documentation.split('\n')];
  const cut = result.truncated === true ? ['', style.dim('(documentation shortened)')] : [];
  return [...result.signature.split('\n').map((line) => style.bold(line)), ...documentation, ...cut];
}
