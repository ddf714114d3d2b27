import { isWorkspaceSource, unshownImporterReason, type FileFailure, type SourceSpan } from '@mcp-lsp-bridge/domain';
import { BUNDLED_TYPESCRIPT as ts, isLocalDeclaration } from '@mcp-lsp-bridge/ts-syntax';
import type { CallContext } from '../call-context.js';
import { declarationOfName, nameAt } from '../typescript/syntax.js';

/** Whether an unlisted importer was opened (the server's answers must be asked again), and those that could not be. */
export interface ShownImporters {
  readonly opened: boolean;
  readonly failures: FileFailure[];
}

/**
 * Before a TypeScript server searches for the uses of a symbol declared at `declarations`: the
 * workspace files no config lists that import a project's file (`test/` outside the `include`;
 * see `TsWorkspace.unlistedImporters`) and spell one of `names` are opened, so the server loads
 * each (in the project it serves it in) and its search and rename read them, as they read the
 * project's files. Nothing is opened for a symbol declared in a function or block, or outside
 * the workspace. At most the open-document limit less `reserved` files stay open during a call:
 * an importer past it could not be shown, and is a failure (which refuses a rename).
 */
export async function showUnlistedImporters(
  ctx: CallContext,
  declarations: readonly SourceSpan[],
  names: ReadonlySet<string>,
  reserved: number,
): Promise<ShownImporters> {
  const none: ShownImporters = { opened: false, failures: [] };
  const root = ctx.scope.workspaceRoot;
  if (ctx.typescript === undefined) return none;
  const importers = ctx.workspace.unlistedImporters(root, ctx.live.inventory.listing);
  const spelled = [...names].filter((name) => name !== '');
  const wanted = importers.filter((file) => {
    const text = ctx.workspace.files.text(file);
    return text !== undefined && spelled.some((name) => text.includes(name));
  });
  if (wanted.length === 0 || !declarations.some((d) => isWorkspaceSource(root, d.path) && !isLocal(ctx, d))) return none;
  const { sync } = ctx.live;
  const budget = Math.max(0, sync.maxOpen - reserved);
  let opened = false;
  for (const file of wanted.slice(0, budget)) {
    if (sync.isOpen(file)) continue;
    ctx.signal.throwIfAborted();
    await sync.ensureOpen(file);
    opened = true;
  }
  const reason = unshownImporterReason(budget);
  return { opened, failures: wanted.slice(budget).map((path) => ({ path, reason })) };
}

/** A declaration in a function or block: no other file can name it. */
function isLocal(ctx: CallContext, declaration: SourceSpan): boolean {
  const text = ctx.lines(declaration.path)?.text;
  const node = text === undefined ? undefined : nameAt(ctx.workspace.syntax.get(declaration.path, text), declaration.start);
  const declared = node === undefined ? undefined : declarationOfName(node);
  return declared !== undefined && isLocalDeclaration(ts, declared);
}
