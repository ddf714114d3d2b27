import type { GoToDefinitionResult } from '@mcp-lsp-bridge/domain';
import { plural, type Formatter } from './formatter.js';
import { identifierLength, snippet } from './snippet.js';

/** `path:line:col  snippet` per definition, external ones (node_modules, .d.ts) marked. */
export function formatDefinitions(result: GoToDefinitionResult, out: Formatter): string[] {
  const { style } = out;
  if (result.definitions.length === 0) {
    return [style.bold(`No definition found for ${result.symbolName} (it may be untyped, implicit, or built into the runtime).`)];
  }
  const lines = result.definitions.map((d) => {
    const code = snippet(d.codeSnippet, d.column, identifierLength(d.codeSnippet, d.column), style);
    return `${out.location(d.filePath, d.line, d.column)}  ${d.isExternal ? `${style.external('external')}  ` : ''}${code}`;
  });
  return [...lines, '', style.bold(`${plural(result.definitions.length, 'definition')} of ${result.symbolName}`)];
}
