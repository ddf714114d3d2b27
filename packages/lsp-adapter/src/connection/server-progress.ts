import type {
  ProgressToken,
  WorkDoneProgressBegin,
  WorkDoneProgressEnd,
  WorkDoneProgressReport,
} from 'vscode-languageserver-protocol/node';

/**
 * The work a server reports doing (`$/progress` begun and not yet ended: gopls's "Setting up
 * workspace: Loading packages…", a first-time user's empty Go cache filling for minutes). While
 * it works, a request or a wait for what it publishes is not timed out: the time limits count
 * from its last sign of life, and only once nothing is in progress.
 */
export class ServerProgress {
  private readonly active = new Map<ProgressToken, string>();
  private lastActivity = Date.now();
  private readonly listeners = new Set<(message: string | undefined) => void>();

  /** A `$/progress` notification of the server. */
  report(token: ProgressToken, value: WorkDoneProgressBegin | WorkDoneProgressReport | WorkDoneProgressEnd): void {
    this.lastActivity = Date.now();
    if (value.kind === 'end') this.active.delete(token);
    else {
      const title = value.kind === 'begin' ? value.title : (this.active.get(token)?.split(': ')[0] ?? '');
      this.active.set(token, [title, value.message].filter((part) => part !== undefined && part !== '').join(': '));
    }
    const message = this.message;
    for (const listener of this.listeners) listener(message);
  }

  /** Whether the server is in the middle of work it reported. */
  get busy(): boolean {
    return this.active.size > 0;
  }

  /** What the server says it is doing, when it is. */
  get message(): string | undefined {
    return this.busy ? [...this.active.values()].join('; ') : undefined;
  }

  /** Milliseconds left of `timeoutMs` counted from the server's last progress; never 0 while it works. */
  remaining(timeoutMs: number, since: number): number {
    if (this.busy) return timeoutMs;
    return Math.max(0, Math.max(since, this.lastActivity) + timeoutMs - Date.now());
  }

  /** Called with what the server says whenever its progress changes; returns the unsubscription. */
  onChange(listener: (message: string | undefined) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
