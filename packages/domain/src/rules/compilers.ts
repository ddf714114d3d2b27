import type { CompilerItem } from '../model/results.js';
import type { CompilerUse } from '../ports/symbol-index.js';
import { compareStrings } from './ordering.js';
import { displayPath } from './paths.js';

/** What a diagnostics result says about its compilers. */
export interface CompilerReport {
  readonly compiler?: CompilerItem;
  readonly compilers?: readonly CompilerItem[];
}

/**
 * Which compiler a diagnostics result names: the file's (one use), or for a project-wide
 * check the one that answered the most projects (then the first by project path), with every
 * compiler listed when there were several. Nothing when the backend could not tell.
 */
export function compilerReport(root: string, uses: readonly CompilerUse[], projectWide: boolean): CompilerReport {
  const items = uses
    .map((use) => ({ use, projects: use.projects.map((p) => displayPath(root, p)).sort(compareStrings) }))
    .sort((a, b) => b.projects.length - a.projects.length || compareStrings(a.projects[0] ?? '', b.projects[0] ?? ''))
    .map(({ use, projects }) => itemOf(use, projectWide ? projects : undefined));
  const [first] = items;
  if (first === undefined) return {};
  return items.length > 1 ? { compiler: first, compilers: items } : { compiler: first };
}

function itemOf(use: CompilerUse, projects: readonly string[] | undefined): CompilerItem {
  return {
    version: use.version,
    source: use.source,
    path: use.path,
    ...(use.note === undefined ? {} : { note: use.note }),
    ...(projects === undefined ? {} : { projects }),
  };
}

/** `typescript 6.0.3 (workspace, /path)`, and why when it is not the project's own: how every surface names a compiler. */
export function describeCompiler(c: CompilerItem): string {
  return `typescript ${c.version} (${c.source}, ${c.path})${c.note === undefined ? '' : ` — ${c.note}`}`;
}
