import type { BridgeError } from '@mcp-lsp-bridge/domain/front';
import { inCliWords } from './cli-vocabulary.js';
import { PROGRAM } from './program.js';
import type { Style } from './style.js';

export { PROGRAM } from './program.js';

/** A tool error on stderr: its code, its message and what to do about it, in the CLI's words. */
export function formatToolError(error: BridgeError, style: Style): string[] {
  return [
    `${PROGRAM}: ${style.error('error')} ${style.bold(error.code)}: ${inCliWords(error.message)}`,
    `Resolution: ${inCliWords(error.resolution)}`,
  ];
}

/** A usage error on stderr, with where to read the usage. */
export function formatUsageError(message: string, command: string | undefined, style: Style): string[] {
  return [
    `${PROGRAM}: ${style.error('usage error')}: ${message}`,
    `Run "${PROGRAM}${command === undefined ? '' : ` ${command}`} --help" for usage.`,
  ];
}
