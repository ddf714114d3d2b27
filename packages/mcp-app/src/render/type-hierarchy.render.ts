import { MAX_TYPES, type TypeHierarchyResult, type TypeHierarchyType } from '@mcp-lsp-bridge/domain/front';

/**
 * The supertypes and subtypes as indented trees, one type a line:
 * `class Base  src/shapes.ts:5:23  class:src/shapes.ts:Base`.
 */
export function renderTypeHierarchy(result: TypeHierarchyResult): string {
  const s = result.symbol;
  const what = `${s.kind} ${s.name} (${s.filePath}:${s.line}:${s.column})`;
  const lines = [
    `Type hierarchy of ${what}, ${result.totalTypes} listed` +
      (result.truncated ? `. Stopped at ${MAX_TYPES} types (truncated): call again on a nodeId below to go further` : ''),
  ];
  const section = (title: string, types: readonly TypeHierarchyType[] | undefined): void => {
    if (types === undefined) return;
    if (types.length === 0) {
      lines.push(`No ${title} found.`);
      return;
    }
    lines.push(`${title[0]?.toUpperCase() ?? ''}${title.slice(1)}:`);
    const visit = (level: readonly TypeHierarchyType[], indent: number): void => {
      for (const t of level) {
        const id = t.nodeId === undefined ? '' : `  ${t.nodeId}`;
        const recursive = t.recursive === true ? ' [recursive, not expanded]' : '';
        lines.push(`${'  '.repeat(indent)}${t.kind} ${t.name}  ${t.filePath}:${t.line}:${t.column}${id}${recursive}`);
        if (t.types) visit(t.types, indent + 1);
      }
    };
    visit(types, 1);
  };
  section('supertypes', result.supertypes);
  section('subtypes', result.subtypes);
  return lines.join('\n');
}
