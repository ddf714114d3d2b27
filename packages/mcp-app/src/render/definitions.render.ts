import type { GoToDefinitionResult, GoToTypeDefinitionResult } from '@mcp-lsp-bridge/domain/front';
import { plural, trimSnippet } from './text.js';

export function renderDefinitions(result: GoToDefinitionResult): string {
  if (result.definitions.length === 0) {
    return `No definition found for ${result.symbolName} (it may be untyped, implicit, or built into the runtime).`;
  }
  return listed(result, 'definition');
}

export function renderTypeDefinitions(result: GoToTypeDefinitionResult): string {
  if (result.definitions.length === 0) {
    return `No type definition found for ${result.symbolName} (its type is a primitive, inferred without a declaration, or unknown).`;
  }
  return listed(result, 'type definition');
}

function listed(result: GoToDefinitionResult, what: string): string {
  const lines = [`${plural(result.definitions.length, what)} of ${result.symbolName}`];
  for (const d of result.definitions) {
    const id = d.nodeId === undefined ? '' : `  ${d.nodeId}`;
    lines.push(`${d.filePath}:${d.line}:${d.column}${d.isExternal ? ' [external]' : ''} ${trimSnippet(d.codeSnippet, d.column)}${id}`);
  }
  return lines.join('\n');
}
