import type { FileOffset, HoverAnswer } from '@mcp-lsp-bridge/domain';
import { HoverRequest, type Hover } from 'vscode-languageserver-protocol/node';
import type { CallContext } from '../call-context.js';
import { uriOf } from '../convert/uris.js';
import { navigationRequest } from './requests.js';

/** `textDocument/hover` split into the signature and the documentation; `undefined` when the server has nothing. */
export async function hoverAt(ctx: CallContext, at: FileOffset): Promise<HoverAnswer | undefined> {
  await ctx.live.sync.ensureOpen(at.path);
  const answer: Hover | null = await navigationRequest(ctx, HoverRequest.type, 'hoverProvider', {
    textDocument: { uri: uriOf(at.path) },
    position: ctx.position(at.path, at.offset),
  });
  if (answer === null) return undefined;
  const split = splitHover(answer.contents);
  return split.signature === '' && split.documentation === '' ? undefined : split;
}

/** LSP's `MarkedString`, deprecated in favour of `MarkupContent` but still sent by some servers. */
type LegacyPart = string | { readonly language: string; readonly value: string };

/** Fence languages a signature is written in (TypeScript's servers, pyright, gopls, clangd). */
const CODE_LANGUAGES = new Set([
  ...['typescript', 'ts', 'tsx', 'typescriptreact', 'javascript', 'js', 'jsx', 'javascriptreact'],
  ...['python', 'py', 'go', 'c', 'cpp', 'c++', 'objective-c', 'rust', 'java', 'sh', 'bash'],
]);

/**
 * Servers answer markdown: the signature in a code fence (```typescript, ```python…), then the
 * documentation and its tags. The first such fence is the signature; the rest is the
 * documentation. Plain text has no fence: its first line is taken for the signature.
 * The deprecated `MarkedString` forms carry the code as `{ language, value }`.
 */
export function splitHover(contents: Hover['contents']): HoverAnswer {
  if (typeof contents === 'string') return splitMarkdown(contents);
  if (Array.isArray(contents)) return splitMarkedStrings(contents);
  if ('kind' in contents) {
    if (contents.kind === 'markdown') return splitMarkdown(contents.value);
    const text = contents.value.trim();
    const lineEnd = text.search(/\r?\n/);
    return lineEnd < 0
      ? { signature: text, documentation: '' }
      : { signature: text.slice(0, lineEnd).trim(), documentation: text.slice(lineEnd).trim() };
  }
  return splitMarkedStrings([contents]);
}

function splitMarkdown(markdown: string): HoverAnswer {
  const fence = /^[ \t]*```[ \t]*([\w-]*)[ \t]*\r?\n([\s\S]*?)\r?\n?[ \t]*```[ \t]*$/gm;
  for (let match = fence.exec(markdown); match !== null; match = fence.exec(markdown)) {
    if (!CODE_LANGUAGES.has((match[1] ?? '').toLowerCase())) continue;
    const documentation = `${markdown.slice(0, match.index)}\n${markdown.slice(match.index + match[0].length)}`;
    return { signature: (match[2] ?? '').trim(), documentation: documentation.trim(), ...languageOf(match[1]) };
  }
  return { signature: '', documentation: markdown.trim() };
}

function splitMarkedStrings(parts: readonly LegacyPart[]): HoverAnswer {
  let signature: string | undefined;
  let language: string | undefined;
  const documentation: string[] = [];
  for (const part of parts) {
    if (typeof part === 'string') {
      documentation.push(part.trim());
    } else if (signature === undefined && CODE_LANGUAGES.has(part.language.toLowerCase())) {
      signature = part.value.trim();
      language = part.language;
    } else {
      documentation.push(`\`\`\`${part.language}\n${part.value}\n\`\`\``);
    }
  }
  if (signature === undefined) {
    // A server that sends its signature as a markdown string (no language) still fences it.
    return splitMarkdown(documentation.join('\n\n'));
  }
  return { signature, documentation: documentation.filter((d) => d !== '').join('\n\n'), ...languageOf(language) };
}

/** The fence language of another language than TypeScript's (TypeScript's signatures are the default, `ts`). */
function languageOf(fence: string | undefined): { language?: string } {
  const language = fence?.toLowerCase() ?? '';
  return language === '' || TYPESCRIPT_FENCES.has(language) ? {} : { language };
}

const TYPESCRIPT_FENCES = new Set(['typescript', 'ts', 'tsx', 'typescriptreact']);
