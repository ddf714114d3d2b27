import { chmodSync, mkdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { bridgeError, ErrorCode, type BridgeError } from '@mcp-lsp-bridge/domain/front';

/** The file's text, or `undefined` when there is none; a file that cannot be read is a refusal. */
export function readConfig(file: string): string | undefined | { readonly refusal: BridgeError } {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    return {
      refusal: bridgeError(
        ErrorCode.CONFIG_NOT_FOUND,
        `Could not read ${file}: ${(error as Error).message}`,
        `Check its permissions, then run lsp-bridge init again.`,
      ),
    };
  }
}

/**
 * Writes the whole file at once: a temporary file beside it, renamed over it, so a client
 * reading it never sees half of it and a failure leaves the old one as it was. The old
 * file's permissions are kept.
 */
export function writeConfig(file: string, text: string): BridgeError | undefined {
  const temporary = `${file}.lsp-bridge-${process.pid}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true });
    const mode = modeOf(file);
    writeFileSync(temporary, text, { mode: mode ?? 0o644 });
    if (mode !== undefined) chmodSync(temporary, mode);
    renameSync(temporary, file);
    return undefined;
  } catch (error) {
    try {
      unlinkSync(temporary);
    } catch {
      // never made
    }
    return writeFailed(file, (error as Error).message);
  }
}

function modeOf(file: string): number | undefined {
  try {
    return statSync(file).mode & 0o777;
  } catch {
    return undefined;
  }
}

function writeFailed(file: string, why: string): BridgeError {
  return bridgeError(
    ErrorCode.WRITE_FAILED,
    `Could not write ${file}: ${why}`,
    `${file} was left as it was. Check its permissions, then run lsp-bridge init again.`,
  );
}
