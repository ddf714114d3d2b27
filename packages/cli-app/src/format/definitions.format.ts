import type { GoToDefinitionResult, GoToTypeDefinitionResult } from '@mcp-lsp-bridge/domain/front';
import { plural, type Formatter } from './formatter.js';
import { identifierLength, snippet } from './snippet.js';

/** `path:line:col  snippet` per definition, external ones (node_modules, .d.ts) marked. */
export function formatDefinitions(result: GoToDefinitionResult, out: Formatter): string[] {
  if (result.definitions.length === 0) {
    return [out.style.bold(`No definition found for ${result.symbolName} (it may be untyped, implicit, or built into the runtime).`)];
  }
  return listed(result, 'definition', out);
}

export function formatTypeDefinitions(result: GoToTypeDefinitionResult, out: Formatter): string[] {
  if (result.definitions.length === 0) {
    return [
      out.style.bold(
        `No type definition found for ${result.symbolName} (its type is a primitive, inferred without a declaration, or unknown).`,
      ),
    ];
  }
  return listed(result, 'type definition', out);
}

function listed(result: GoToDefinitionResult, what: string, out: Formatter): string[] {
  const { style } = out;
  const lines = result.definitions.map((d) => {
    const code = snippet(d.codeSnippet, d.column, identifierLength(d.codeSnippet, d.column), style);
    return `${out.location(d.filePath, d.line, d.column)}  ${d.isExternal ? `${style.external('external')}  ` : ''}${code}`;
  });
  return [...lines, '', style.bold(`${plural(result.definitions.length, what)} of ${result.symbolName}`)];
}
