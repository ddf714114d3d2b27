import type { SourceSpan } from '@mcp-lsp-bridge/domain';
import { isWorkspaceFile } from '@mcp-lsp-bridge/ts-workspace';
import { fileSpells } from '@mcp-lsp-bridge/workspace';
import type { CallContext } from '../call-context.js';
import { awaitChecked } from '../diagnostics/file-diagnostics.js';

/** The names the spans spell (the symbol's name and its aliases), for finding the files that may use it. */
export function spelledNames(ctx: CallContext, spans: readonly SourceSpan[]): Set<string> {
  const names = new Set<string>();
  for (const span of spans) {
    const text = ctx.lines(span.path)?.text;
    if (text !== undefined && span.length > 0) names.add(text.slice(span.start, span.start + span.length));
  }
  return names;
}

/**
 * A server searches what it has loaded: before a search for the uses of `names`, it is shown
 * the files that may use them. A TypeScript server gets one file of every project whose files
 * spell a name, so it loads that project (without configs, the spelling files themselves, and
 * for a search of uses those that import `asked`, which may use an export under a name of their
 * own, as `const make = require('./lib')` does: an inferred project holds only open files and
 * what they import). A server of another language that does not index the workspace gets every
 * file of its language that spells a name, and `asked`, opened and awaited checked. At most the
 * open-document limit less one; returns whether any was opened (the caller asks again).
 */
export async function loadFilesSpelling(
  ctx: CallContext,
  names: ReadonlySet<string>,
  asked?: string,
  search: 'uses' | 'definition' = 'uses',
): Promise<boolean> {
  const spelled = [...names].filter((name) => name !== '');
  if (spelled.length === 0 || ctx.profile.indexesWorkspace === true) return false;
  const { sync } = ctx.live;
  const limit = sync.maxOpen - 1;
  if (ctx.typescript === undefined) {
    const spelling = ctx.sourceFiles().filter((file) => file !== asked && spelled.some((name) => fileSpells(file, name)));
    const files = [...spelling.slice(0, limit), ...(asked === undefined ? [] : [asked])];
    const opened = files.some((file) => !sync.isOpen(file));
    await awaitChecked(ctx, files);
    return opened;
  }
  const root = ctx.scope.workspaceRoot;
  const { configs, files: workspaceFiles } = ctx.projects();
  const mentions = (file: string): boolean => {
    const text = ctx.workspace.files.text(file);
    return text !== undefined && spelled.some((name) => text.includes(name));
  };
  const toOpen: string[] = [];
  if (configs.length === 0) {
    const importers = new Set(
      asked === undefined || search === 'definition'
        ? []
        : ctx.workspace.importersOf(root, workspaceFiles, asked, ctx.live.inventory.listing),
    );
    toOpen.push(...workspaceFiles.filter((file) => mentions(file) || importers.has(file)).slice(0, limit));
  } else if (configs.length > 1) {
    for (const config of configs) {
      const files = config.parsed.fileNames.filter((f) => isWorkspaceFile(root, f));
      if (files.some((f) => sync.isOpen(f))) continue;
      const mentioning = files.find(mentions);
      if (mentioning !== undefined) toOpen.push(mentioning);
    }
  }
  let opened = false;
  for (const file of toOpen) {
    if (sync.isOpen(file)) continue;
    ctx.signal.throwIfAborted();
    await sync.ensureOpen(file);
    opened = true;
  }
  return opened;
}
