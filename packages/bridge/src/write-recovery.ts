import type { RecoveryReport } from '@mcp-lsp-bridge/fs-adapter';
import type { BridgeConfig } from './config.js';
import type { Logger } from './logger.js';

/** What can put right the writes of processes that died mid-write. */
export interface WriteRecovery {
  recoverInterruptedWrites(): Promise<RecoveryReport>;
}

/**
 * Before serving anything: a write that a killed process left half-done is rolled back (or,
 * when it had replaced every file, kept), and its temp files removed. Logged as errors: each
 * one is the trace of a process that died mid-write.
 */
export async function recoverWrites(recovery: WriteRecovery, logger: Logger): Promise<void> {
  try {
    const report = await recovery.recoverInterruptedWrites();
    if (report.restored.length > 0 || report.completed > 0) {
      logger.error(
        `recovered ${report.interrupted} interrupted write(s): ${report.restored.length} file(s) restored to their content before the write` +
          (report.completed > 0 ? `, ${report.completed} write(s) found complete and kept` : '') +
          (report.restored.length > 0 ? ` (${report.restored.join(', ')})` : ''),
      );
    }
    for (const problem of report.problems) logger.error(`interrupted write: ${problem}`);
  } catch (error) {
    logger.error(`cannot look for interrupted writes: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * The same at a server's start, before the backend is loaded (a server answers tools/list
 * before it loads TypeScript, and files a dead process left half-renamed must not wait for
 * the first call): the journals alone (not the writer), over the configured state directories.
 */
export async function recoverWritesAtStart(config: BridgeConfig, logger: Logger): Promise<void> {
  const { recoverWritesIn } = await import('@mcp-lsp-bridge/fs-adapter/write-recovery');
  await recoverWrites({ recoverInterruptedWrites: () => recoverWritesIn(config.stateDirectories) }, logger);
}
