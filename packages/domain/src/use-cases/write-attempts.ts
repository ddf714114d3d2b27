import { isToolError, toolError, type ToolError } from '../errors/bridge-error.js';
import { ErrorCode } from '../errors/error-codes.js';

/** How many times a write is planned before a file that keeps changing is answered FILE_CHANGED. */
export const WRITE_ATTEMPTS = 3;

/**
 * A write (`renameSymbol`, `replaceSymbolBody`) is planned again when a file it would write
 * changed since it was read: FILE_CHANGED, from planning or from the writer, means nothing was
 * written and the plan is stale, and planning again on the disk as it is now is what the same
 * call a moment later would do (a rename may then find other places; a declaration that is gone
 * is the usual refusal). The answer describes the attempt that was written. A file that changed
 * before each of `WRITE_ATTEMPTS` attempts is being written by another program: FILE_CHANGED,
 * saying so.
 */
export async function plannedAfresh<T>(attempt: () => Promise<T | ToolError>): Promise<T | ToolError> {
  for (let made = 1; ; made++) {
    const answer = await attempt();
    if (!isFileChanged(answer)) return answer;
    if (made === WRITE_ATTEMPTS) return keptChanging(answer, made);
  }
}

function isFileChanged(answer: unknown): answer is ToolError {
  return isToolError(answer) && answer.error.code === ErrorCode.FILE_CHANGED;
}

function keptChanging(answer: ToolError, attempts: number): ToolError {
  return toolError(
    ErrorCode.FILE_CHANGED,
    `${answer.error.message} The edit was planned ${attempts} times on the files as they were, and each time a file changed again before it could be written.`,
    'Another program (an editor, a formatter, a build) keeps writing these files: call the tool again once it has finished.',
  );
}
