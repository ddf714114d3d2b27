import { nodeFsOperations } from './fs-operations.js';
import { recoverInterruptedWrites, type RecoveryReport } from './recover-writes.js';
import { processIsAlive, WriteJournals } from './write-journal.js';

export type { RecoveryReport } from './recover-writes.js';

/**
 * What `AtomicFileWriter.recoverInterruptedWrites` does, without the writer: the journals in
 * the first usable of `stateDirectories`, each of a dead process put right. What a server runs
 * before it answers anything (the `./write-recovery` entry: the journal and recovery modules,
 * not the writer's locks, staging and checks).
 */
export async function recoverWritesIn(stateDirectories: readonly string[]): Promise<RecoveryReport> {
  const journals = new WriteJournals(nodeFsOperations, stateDirectories);
  return recoverInterruptedWrites(nodeFsOperations, await journals.writesDirectory(), processIsAlive);
}
