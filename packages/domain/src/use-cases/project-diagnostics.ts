import type { Clock } from '../ports/clock.js';
import type {
  DiagnosticRecord,
  DiagnosticsGroup,
  FileFailure,
  ProjectDiagnosticsAnswer,
  QueryScope,
  SymbolIndex,
} from '../ports/symbol-index.js';
import { outOfBudget } from '../rules/diagnostics-budget.js';

/** How long project-wide diagnostics may go on starting files, by which clock. */
export interface DiagnosticsBudget {
  readonly budgetMs: number;
  readonly clock: Clock;
}

/**
 * Project-wide diagnostics, the same walk for every backend and language: the index's plan,
 * its groups one after the other (each group's first file alone, then the rest with the
 * group's checks in flight), the signal checked and progress reported per file. Once the
 * budget is spent no file is started: the ones left are failures, so the caller gets what was
 * found. A check the service cannot answer at all (its server is gone) ends the call with its
 * error, as a call in flight when its server dies does; a file it cannot check is a failure.
 */
export async function projectDiagnostics(
  symbols: SymbolIndex,
  scope: QueryScope,
  budget: DiagnosticsBudget,
): Promise<ProjectDiagnosticsAnswer> {
  const plan = await symbols.diagnosticsPlan(scope);
  const walk = new DiagnosticsWalk(symbols, scope, plan.scope ?? scope, budget, plan.groups);
  walk.failures.push(...plan.failures);
  scope.onProgress?.({ done: 0, total: walk.total, message: `checking ${walk.total} files` });
  for (const group of plan.groups) await walk.checkGroup(group);
  return { diagnostics: walk.diagnostics, failures: walk.failures, filesChecked: walk.checked };
}

class DiagnosticsWalk {
  readonly diagnostics: DiagnosticRecord[] = [];
  readonly failures: FileFailure[] = [];
  readonly total: number;
  checked = 0;
  private done = 0;
  private readonly deadline: number;

  constructor(
    private readonly symbols: SymbolIndex,
    private readonly scope: QueryScope,
    private readonly checkScope: QueryScope,
    private readonly budget: DiagnosticsBudget,
    groups: readonly DiagnosticsGroup[],
  ) {
    this.total = groups.reduce((n, g) => n + g.files.length, 0);
    this.deadline = budget.clock.now() + budget.budgetMs;
  }

  async checkGroup(group: DiagnosticsGroup): Promise<void> {
    const [first, ...rest] = group.files;
    if (first === undefined) return;
    // The first file alone: the service loads the group's project for it, once.
    await this.check(first, true);
    const queue = [...rest];
    const worker = async (): Promise<void> => {
      try {
        for (let file = queue.shift(); file !== undefined; file = queue.shift()) await this.check(file, false);
      } catch (error) {
        // The call ends with this error: the other workers start no more files.
        queue.length = 0;
        throw error;
      }
    };
    await Promise.all(Array.from({ length: Math.min(Math.max(1, group.inFlight), queue.length) }, worker));
  }

  private async check(file: string, leadsGroup: boolean): Promise<void> {
    this.scope.signal.throwIfAborted();
    if (this.budget.clock.now() >= this.deadline) this.failures.push({ path: file, reason: outOfBudget(this.budget.budgetMs) });
    else {
      const answer = await this.symbols.checkFile(this.checkScope, file, leadsGroup);
      if ('failure' in answer) this.failures.push({ path: file, reason: answer.failure });
      else {
        this.diagnostics.push(...answer.diagnostics);
        this.checked++;
      }
    }
    this.done++;
    this.scope.onProgress?.({ done: this.done, total: this.total });
  }
}
