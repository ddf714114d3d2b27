import { statOf } from '@mcp-lsp-bridge/fs-adapter';
import { ServerSession, type SessionOptions } from './server-session.js';

export interface SessionPoolOptions {
  /** Servers running at once (least recently used stopped first). */
  readonly maxServers: number;
  /** A server unused this long is stopped; the next call starts it again. */
  readonly idleTimeoutMs: number;
  readonly log: (message: string) => void;
}

/** The running sessions of one profile's server, one per workspace root. */
export class SessionPool {
  private readonly sessions = new Map<string, ServerSession>();
  private readonly idleTimer: NodeJS.Timeout;
  private closing: Promise<void> | undefined;

  constructor(private readonly options: SessionPoolOptions) {
    this.idleTimer = setInterval(() => void this.stopIdle(), Math.max(1000, Math.min(options.idleTimeoutMs / 4, 60_000)));
    this.idleTimer.unref();
  }

  get(options: Omit<SessionOptions, 'log'>): ServerSession {
    const key = options.root;
    let session = this.sessions.get(key);
    if (session === undefined) {
      session = new ServerSession({ ...options, log: this.options.log });
      this.sessions.set(key, session);
    } else {
      this.sessions.delete(key);
      this.sessions.set(key, session);
    }
    session.lastUsed = Date.now();
    this.evict(session);
    return session;
  }

  /** Pids of the running servers, for tests and logs. */
  pids(): number[] {
    return [...this.sessions.values()].flatMap((s) => (s.pid === undefined ? [] : [s.pid]));
  }

  dispose(): Promise<void> {
    this.closing ??= (async () => {
      clearInterval(this.idleTimer);
      const sessions = [...this.sessions.values()];
      this.sessions.clear();
      await Promise.all(sessions.map((s) => s.dispose()));
    })();
    return this.closing;
  }

  private evict(keep: ServerSession): void {
    for (const [key, session] of this.sessions) {
      if (this.sessions.size <= this.options.maxServers) break;
      if (session === keep || session.busy) continue;
      this.sessions.delete(key);
      this.options.log(`stopping the language server of ${session.root}: more than ${this.options.maxServers} servers`);
      void session.dispose();
    }
  }

  private async stopIdle(): Promise<void> {
    const now = Date.now();
    for (const [key, session] of this.sessions) {
      const gone = statOf(session.root)?.kind !== 'directory';
      if (session.busy || (!gone && now - session.lastUsed < this.options.idleTimeoutMs)) continue;
      this.sessions.delete(key);
      this.options.log(`stopping the language server of ${session.root}: ${gone ? 'the workspace is gone' : 'idle'}`);
      await session.dispose();
    }
  }
}
