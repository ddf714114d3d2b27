import type { OutlineSymbol } from '@mcp-lsp-bridge/domain';

/** An outline's qualified names (and kinds, with `kinds`) and name offsets, nested, as `qualified.name [kind ]@offset`. */
export function outlineShape(symbols: readonly OutlineSymbol[], kinds: boolean, prefix = ''): string[] {
  return symbols.flatMap((s) => {
    const name = prefix === '' ? s.name : `${prefix}.${s.name}`;
    return [`${name} ${kinds ? `${s.kind} ` : ''}@${String(s.nameStart)}`, ...outlineShape(s.children, kinds, name)];
  });
}
