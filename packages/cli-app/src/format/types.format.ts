import { MAX_TYPES, type TypeHierarchyResult, type TypeHierarchyType } from '@mcp-lsp-bridge/domain/front';
import { symbolLine } from './calls.format.js';
import { plural, type Formatter } from './formatter.js';

/**
 * The type, then its supertypes and subtypes (those asked for) as indented trees, each
 * `kind name  path:line:col  nodeId`.
 */
export function formatTypes(result: TypeHierarchyResult, out: Formatter): string[] {
  const { style } = out;
  const lines = [symbolLine(result.symbol, out)];
  const section = (title: string, types: readonly TypeHierarchyType[] | undefined): void => {
    if (types === undefined) return;
    lines.push(`  ${style.dim(types.length === 0 ? `no ${title}` : `${title}:`)}`);
    const visit = (level: readonly TypeHierarchyType[], depth: number): void => {
      for (const type of level) {
        const recursive = type.recursive === true ? `  ${style.dim('(recursive; not followed again)')}` : '';
        lines.push(`${'  '.repeat(depth)}${symbolLine(type, out)}${recursive}`);
        visit(type.types ?? [], depth + 1);
      }
    };
    visit(types, 2);
  };
  section('supertypes', result.supertypes);
  section('subtypes', result.subtypes);
  const cut = result.truncated ? `; the list stops at ${MAX_TYPES} types` : '';
  return [...lines, '', style.bold(`${plural(result.totalTypes, 'type')} in the hierarchy of ${result.symbol.name}${cut}`)];
}
