import { outsideServerBuild, serverFailureOf, type SourceSpan } from '@mcp-lsp-bridge/domain';
import type { CallContext } from '../call-context.js';

/**
 * What the name at `offset` of `path` refers to, as the server says; `undefined` when the server
 * says the file is outside the build it loads (gopls, for a file a build constraint excludes):
 * nothing there refers to the build's symbols, and the server's own rename leaves it alone too.
 */
export async function definitionInBuild(ctx: CallContext, path: string, offset: number): Promise<SourceSpan[] | undefined> {
  try {
    return await ctx.definition(path, offset);
  } catch (thrown) {
    const failure = serverFailureOf(thrown);
    if (failure !== undefined && outsideServerBuild(failure)) return undefined;
    throw thrown;
  }
}
