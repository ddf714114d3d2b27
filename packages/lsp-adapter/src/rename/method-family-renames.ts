import {
  isWorkspaceSource,
  methodFamily,
  refusedAsRenamedAlone,
  type FileOffset,
  type SourceSpan,
  type TextEdit,
} from '@mcp-lsp-bridge/domain';
import type { CallContext } from '../call-context.js';
import { ServerRequestError } from '../connection/errors.js';
import { implementationsAt } from '../navigation/implementations.js';
import { methodFamilyFacts } from './method-family-facts.js';

/**
 * A method renamed with the methods it implements and those that implement it, as TypeScript
 * renames them (gopls renames an interface method and its calls only; clangd 14 a virtual method
 * alone; pyright a method alone): renamed alone, each leaves the others behind and the build
 * broken. Each member is the server's own rename. Nothing else when the server has no
 * implementations and the profile reads no class headers (`methodRelatives`).
 */
export async function methodFamilyRenames(
  ctx: CallContext,
  at: FileOffset,
  oldName: string,
  newName: string,
  found: readonly TextEdit[],
): Promise<TextEdit[]> {
  const { implementationProvider } = ctx.live.server.capabilities;
  if (oldName === '') return [];
  const members = new Members(ctx, oldName, newName, found);
  if (implementationProvider !== undefined && implementationProvider !== false) await byImplementations(ctx, at, members);
  else if (ctx.profile.methodRelatives === 'class-headers') await byClassHeaders(ctx, at, members);
  return members.edits;
}

/**
 * Followed from method to method (an implementation's interfaces, their other implementations),
 * by the server's implementations of the same name (a type implementing an interface has its own
 * name and is left alone).
 */
async function byImplementations(ctx: CallContext, at: FileOffset, members: Members): Promise<void> {
  const asked = new Set<string>();
  const queue: FileOffset[] = [at];
  for (let site = queue.shift(); site !== undefined; site = queue.shift()) {
    const key = `${site.path}\0${site.offset}`;
    if (asked.has(key)) continue;
    asked.add(key);
    let spans: SourceSpan[];
    try {
      spans = await implementationsAt(ctx, site);
    } catch (error) {
      // A server that declares implementations may still refuse them at a name (not a method).
      if (error instanceof ServerRequestError) continue;
      throw error;
    }
    for (const member of await members.rename(spans)) queue.push({ path: member.path, offset: member.start });
  }
}

/** pyright, which answers no implementations: the family decided by the domain from the class headers' facts, gathered once. */
async function byClassHeaders(ctx: CallContext, at: FileOffset, members: Members): Promise<void> {
  // A server refusing a definition asked of it leaves the method alone, as a refused implementation does.
  const facts = await methodFamilyFacts(ctx, at).catch((error: unknown) => {
    if (error instanceof ServerRequestError) return undefined;
    throw error;
  });
  if (facts !== undefined) await members.rename(methodFamily(facts));
}

/** The members renamed so far, each once, and the edits of their renames. */
class Members {
  readonly edits: TextEdit[] = [];

  constructor(
    private readonly ctx: CallContext,
    private readonly oldName: string,
    private readonly newName: string,
    private readonly found: readonly TextEdit[],
  ) {}

  /** Renames each of `spans` that is a member of the family no edit renames yet; the members among them. */
  async rename(spans: readonly SourceSpan[]): Promise<SourceSpan[]> {
    const members: SourceSpan[] = [];
    for (const span of spans) {
      // An interface outside the workspace (fmt.Stringer) cannot be renamed: what breaks is then the check's to find.
      if (!isWorkspaceSource(this.ctx.scope.workspaceRoot, span.path)) continue;
      if (this.ctx.lines(span.path)?.text.slice(span.start, span.start + span.length) !== this.oldName) continue;
      members.push(span);
      if (!this.renamed(span)) this.edits.push(...(await memberRename(this.ctx, span, this.oldName, this.newName)));
    }
    return members;
  }

  private renamed(span: SourceSpan): boolean {
    return [...this.found, ...this.edits].some((e) => e.path === span.path && e.start === span.start);
  }
}

/**
 * One member's rename, the server's own; where it refuses it for what renaming that member
 * alone would break (`refusedAsRenamedAlone`), its references spelled `oldName`, renamed.
 */
async function memberRename(ctx: CallContext, member: SourceSpan, oldName: string, newName: string): Promise<TextEdit[]> {
  try {
    return await ctx.rename(member.path, member.start, newName);
  } catch (error) {
    if (!(error instanceof ServerRequestError) || !refusedAsRenamedAlone(error.serverFailure)) throw error;
    const references = await ctx.references(member.path, member.start);
    return references
      .filter((r) => ctx.lines(r.path)?.text.slice(r.start, r.start + r.length) === oldName)
      .map((r) => ({ path: r.path, start: r.start, length: r.length, newText: newName }));
  }
}
