import type { HoverAnswer } from '@mcp-lsp-bridge/domain';
import type { TypeScriptApi } from '@mcp-lsp-bridge/ts-syntax';
import type ts from 'typescript';
import { plainText } from './display-parts.js';

/** The quick info as a signature and markdown documentation, tags rendered as typescript-language-server renders them. */
export function hoverOf(api: TypeScriptApi, info: ts.QuickInfo | undefined): HoverAnswer | undefined {
  if (info === undefined) return undefined;
  const tags = (info.tags ?? []).flatMap((tag) => tagDocumentation(tag) ?? []);
  const blocks = [plainText(info.documentation), tags.join('  \n\n')].filter((block) => block !== '');
  return { signature: api.displayPartsToString(info.displayParts), documentation: blocks.join('\n\n') };
}

/** `*@param* \`a\` — text`, `*@returns* — text`, `*@deprecated*`, an `@example` as a code block. */
function tagDocumentation(tag: ts.JSDocTagInfo): string | undefined {
  switch (tag.name) {
    case 'augments':
    case 'extends':
    case 'param':
    case 'template': {
      const body = tagSubject(tag);
      if (body === undefined) break;
      const label = `*@${tag.name}* \`${body.subject}\``;
      return body.text === '' ? label : label + separated(body.text);
    }
    case 'return':
    case 'returns':
      if (plainText(tag.text) === '') return undefined;
      break;
  }
  const label = `*@${tag.name}*`;
  const text = tagBodyText(tag);
  return text === '' ? label : label + separated(text);
}

/** The name a tag is about (`a` in `@param a - text`) and what it says of it. */
function tagSubject(tag: ts.JSDocTagInfo): { subject: string; text: string } | undefined {
  if (tag.name === 'template' && tag.text !== undefined) {
    const subject = tag.text
      .filter((p) => p.kind === 'typeParameterName')
      .map((p) => p.text)
      .join(', ');
    const text = tag.text
      .filter((p) => p.kind === 'text')
      .map((p) => p.text.replace(/^\s*-?\s*/, ''))
      .join(' ');
    return subject === '' ? undefined : { subject, text };
  }
  const match = /^(\S+)\s*-?\s*/.exec(plainText(tag.text));
  if (match === null) return undefined;
  return { subject: match[1] ?? '', text: plainText(tag.text).slice(match[0].length) };
}

function tagBodyText(tag: ts.JSDocTagInfo): string {
  const text = plainText(tag.text);
  if (text === '') return '';
  if (tag.name === 'example') {
    const caption = /^<caption>(.*?)<\/caption>\s*(\r\n|\n)/.exec(text);
    return caption === null ? codeBlock(text) : `${caption[1] ?? ''}\n${codeBlock(text.slice(caption[0].length))}`;
  }
  if (tag.name === 'default') return codeBlock(text);
  return text;
}

function separated(text: string): string {
  return /\r\n|\n/.test(text) ? `  \n${text}` : ` — ${text}`;
}

function codeBlock(text: string): string {
  return /^\s*[~`]{3}/m.test(text) ? text : '```typescript\n' + text + '\n```';
}
