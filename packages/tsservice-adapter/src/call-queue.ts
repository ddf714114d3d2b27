import type { QueryScope } from '@mcp-lsp-bridge/domain';
import type { AdapterContext } from './adapter-context.js';
import { rethrowCancelled } from './cancellation.js';

/**
 * Port calls one at a time: a LanguageService is not re-entrant. Each call starts by asking
 * the workspace for every change that completed before it (reported by the watcher, or found
 * by stat; no notification is ever needed), runs with the
 * language services' cancellation token forwarding its signal, and ends with `afterCall`
 * (evicting surplus language services).
 */
export class CallQueue {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly ctx: AdapterContext,
    private readonly afterCall: () => void,
  ) {}

  runExclusive<T>(scope: QueryScope, body: () => T | Promise<T>): Promise<T> {
    const task = this.tail.then(async () => {
      // The call's view of the disk: taken here, or by the router that handed the call on.
      await this.ctx.workspace.begin(scope);
      scope.signal.throwIfAborted();
      this.ctx.token.signal = scope.signal;
      try {
        return await body();
      } catch (error) {
        return rethrowCancelled(error, scope.signal, (e) => this.ctx.modules.isCancellation(e));
      } finally {
        this.ctx.token.signal = undefined;
        this.afterCall();
      }
    });
    this.tail = task.catch(() => undefined);
    return task;
  }
}
