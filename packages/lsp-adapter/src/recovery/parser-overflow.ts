import { BridgeException, unusableFile } from '@mcp-lsp-bridge/domain';
import type { CallContext } from '../call-context.js';
import { ServerRequestError } from '../connection/errors.js';

/**
 * A request that failed inside the server, not with an answer: tsserver reports its parser's
 * stack overflow as an internal error, and often not on the request that met it (opening a
 * file loads the project; every later request then fails on the broken program).
 */
export function mayBeParserOverflow(error: unknown): boolean {
  return error instanceof ServerRequestError && /Maximum call stack size exceeded|TypeScript Server Error/i.test(error.rawMessage);
}

/**
 * Finds the workspace's files the parser runs out of stack on (each file parsed once per
 * content), makes each a failure and shows it to the server empty, so one generated file no
 * longer fails every call of its project. True when one was found.
 */
export async function leaveOutUnparsable(ctx: CallContext): Promise<boolean> {
  const candidates = [...ctx.live.sync.openPaths(), ...ctx.projects().files];
  const found = ctx.workspace.markUnparsable(candidates, true);
  for (const file of found) {
    ctx.signal.throwIfAborted();
    await ctx.live.sync.showAsServed(file);
  }
  return found.length > 0;
}

/** A call about a file found unusable is refused with FILE_UNREADABLE, never answered as if it were empty. */
export function refuseUnusable(ctx: CallContext, files: readonly string[]): void {
  for (const file of files) {
    const failure = ctx.workspace.files.failure(file);
    if (failure === undefined) continue;
    throw new BridgeException(unusableFile(ctx.scope.workspaceRoot, file, failure, 'use'));
  }
}
