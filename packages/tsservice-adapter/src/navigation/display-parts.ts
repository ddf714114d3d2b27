import type ts from 'typescript';

/** Display parts as text; `{@link target text}` becomes its text (or the target's name), `{@linkcode …}` in backticks. */
export function plainText(parts: readonly ts.SymbolDisplayPart[] | undefined): string {
  let out = '';
  let link: { code: boolean; name?: string; text?: string } | undefined;
  for (const part of parts ?? []) {
    if (part.kind === 'link') {
      if (link === undefined) {
        link = { code: part.text.startsWith('{@linkcode') };
      } else {
        const text = (link.text ?? link.name ?? '').trim();
        out += link.code && text !== '' ? `\`${text}\`` : text;
        link = undefined;
      }
    } else if (link !== undefined && part.kind === 'linkName') link.name = part.text;
    else if (link !== undefined && part.kind === 'linkText') link.text = part.text;
    else out += part.text;
  }
  return out;
}
