import type { BridgeError } from '@mcp-lsp-bridge/domain';
import type { Style } from './style.js';

export const PROGRAM = 'lsp-bridge';

/** A tool error on stderr: its code, its message and what to do about it. */
export function formatToolError(error: BridgeError, style: Style): string[] {
  return [`${PROGRAM}: ${style.error('error')} ${style.bold(error.code)}: ${error.message}`, `Resolution: ${error.resolution}`];
}

/** A usage error on stderr, with where to read the usage. */
export function formatUsageError(message: string, command: string | undefined, style: Style): string[] {
  return [
    `${PROGRAM}: ${style.error('usage error')}: ${message}`,
    `Run "${PROGRAM}${command === undefined ? '' : ` ${command}`} --help" for usage.`,
  ];
}
