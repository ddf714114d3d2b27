import type { SourceSpan } from '@mcp-lsp-bridge/domain';
import { isWorkspaceFile } from '@mcp-lsp-bridge/ts-workspace';
import type { CallContext } from '../call-context.js';

/** The names the spans spell (the symbol's name and its aliases), for finding the projects that may use it. */
export function spelledNames(ctx: CallContext, spans: readonly SourceSpan[]): Set<string> {
  const names = new Set<string>();
  for (const span of spans) {
    const text = ctx.lines(span.path)?.text;
    if (text !== undefined && span.length > 0) names.add(text.slice(span.start, span.start + span.length));
  }
  return names;
}

/**
 * A server searches the projects it has loaded. Every project of the workspace whose files
 * spell one of `names` gets a document open, so the server loads it; returns whether any
 * was opened (the caller asks again). Without configs, the files that spell a name are
 * opened themselves (an inferred project holds only open files and what they import), at
 * most `maxOpenDocuments - 1` of them.
 */
export async function loadRelatedProjects(ctx: CallContext, names: ReadonlySet<string>, maxOpenDocuments: number): Promise<boolean> {
  if (names.size === 0) return false;
  const root = ctx.scope.workspaceRoot;
  const { configs, files: workspaceFiles } = ctx.projects();
  const mentions = (file: string): boolean => {
    const text = ctx.workspace.files.text(file);
    return text !== undefined && [...names].some((name) => text.includes(name));
  };
  let opened = false;
  if (configs.length === 0) {
    for (const file of workspaceFiles.filter(mentions).slice(0, maxOpenDocuments - 1)) {
      if (ctx.live.sync.isOpen(file)) continue;
      ctx.signal.throwIfAborted();
      await ctx.live.sync.ensureOpen(file);
      opened = true;
    }
    return opened;
  }
  if (configs.length < 2) return false;
  for (const config of configs) {
    const files = config.parsed.fileNames.filter((f) => isWorkspaceFile(root, f));
    if (files.some((f) => ctx.live.sync.isOpen(f))) continue;
    const mentioning = files.find(mentions);
    if (mentioning === undefined) continue;
    ctx.signal.throwIfAborted();
    await ctx.live.sync.ensureOpen(mentioning);
    opened = true;
  }
  return opened;
}
