import { GO_TO_DEFINITION, type HoverResult } from '@mcp-lsp-bridge/domain/front';

/** The signature fenced in its language (```ts, ```go, ```python), then the documentation as the compiler gives it (markdown). */
export function renderHover(result: HoverResult): string {
  const parts: string[] = [];
  if (result.signature === undefined || result.signature === '') parts.push(`No type information for ${result.symbolName}.`);
  else parts.push(`\`\`\`${result.language ?? 'ts'}\n${result.signature}\n\`\`\``);
  if (result.documentation !== undefined && result.documentation !== '') parts.push(result.documentation);
  if (result.truncated === true) parts.push(`(documentation truncated; ${GO_TO_DEFINITION} leads to the whole comment)`);
  return parts.join('\n');
}
