import { serverExitText, type ServerExit } from '@mcp-lsp-bridge/domain';
import { spawn, type ChildProcess } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import { serverName, type LanguageProfile } from '../languages/language-profile.js';
import { commandOf } from '../languages/server-command.js';

export interface ServerProcessOptions {
  readonly profile: LanguageProfile;
  /** The working directory: the workspace root. */
  readonly root: string;
  /** The `.lsp.json` that applies to `root`: where a missing server's refusal says another command can be set. */
  readonly configFile: string;
  readonly log: (message: string) => void;
  /** Arguments added to the profile's for this workspace (a generated compilation database's directory). */
  readonly extraArgs?: readonly string[];
}

/**
 * One language server process: spawned without a shell as the leader of its own process
 * group, so stopping it also ends whatever it started (typescript-language-server starts
 * tsserver). It is gone once, with the first reason known (an exit, a spawn error, a closed
 * connection, a fatal log line).
 */
export class ServerProcess {
  private child: ChildProcess | undefined;
  private gone: ServerExit | undefined;
  private stopping = false;
  private readonly exited: Promise<void>;
  private resolveExited: () => void = () => undefined;
  private readonly exitListeners: ((reason: string) => void)[] = [];

  constructor(private readonly options: ServerProcessOptions) {
    this.exited = new Promise((resolve) => (this.resolveExited = resolve));
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /**
   * Whether its stdin still takes writes. It is destroyed as soon as the pipe breaks, before the
   * exit is reported: vscode-jsonrpc's request on a destroyed stream rejects a promise nobody
   * holds (an unhandled rejection), so nothing is sent once this is false.
   */
  get writable(): boolean {
    const stdin = this.child?.stdin;
    return stdin !== undefined && stdin !== null && stdin.writable && !stdin.destroyed;
  }

  /** How the process ended; `undefined` while it runs. */
  get exit(): ServerExit | undefined {
    return this.gone;
  }

  /** Starts the process; its stdio are the connection's streams. */
  spawn(): { readonly output: Readable; readonly input: Writable } {
    const { profile } = this.options;
    const { command, args } = commandOf(profile, process.env, this.options.configFile);
    const child = spawn(command, [...args, ...(this.options.extraArgs ?? [])], {
      cwd: this.options.root,
      shell: false,
      detached: true,
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, ...profile.env },
    });
    this.child = child;
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => this.options.log(`${serverName(profile)} stderr: ${chunk.trimEnd()}`));
    child.on('error', (error) => this.markGone({ kind: 'not-started', error: error.message }));
    child.on('exit', (code, sig) => this.markGone(sig !== null ? { kind: 'signalled', signal: sig } : { kind: 'exited', code }));
    child.stdin.on('error', () => undefined);
    return { output: child.stdout, input: child.stdin };
  }

  /** Called once, when the process is gone, with how it ended (worded). */
  onGone(listener: (reason: string) => void): void {
    this.exitListeners.push(listener);
  }

  /** Records that the server can no longer answer (the first reason wins) and ends its process group. */
  markGone(exit: ServerExit): void {
    if (this.gone !== undefined) return;
    this.gone = exit;
    const reason = serverExitText(exit);
    if (!this.stopping) this.options.log(`${serverName(this.options.profile)} for ${this.options.root} ${reason}`);
    // A crashed server's children must not outlive it.
    this.killGroup('SIGKILL');
    this.resolveExited();
    for (const listener of this.exitListeners) listener(reason);
  }

  /** The connection closed: the process usually exits right after, and its exit says more (code, signal). */
  connectionClosed(): void {
    const child = this.child;
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) {
      this.markGone({ kind: 'connection-closed' });
      return;
    }
    const timer = setTimeout(() => this.markGone({ kind: 'connection-closed' }), 1000);
    timer.unref();
    child.once('exit', () => clearTimeout(timer));
  }

  /**
   * Waits for the exit event, at most `maxMs`: a write to a server that is going away fails
   * (EPIPE) before its exit is reported, and the error should say why it went.
   */
  waitForExit(maxMs: number): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, maxMs);
      timer.unref();
    });
    return Promise.race([this.exited, timeout]).finally(() => clearTimeout(timer));
  }

  /** After `polite` (shutdown and exit) the process gets `graceMs` to go; then its whole group is killed. Never throws. */
  async stop(graceMs: number, polite: () => Promise<void>): Promise<void> {
    if (this.stopping) return this.exited;
    this.stopping = true;
    if (this.child === undefined) return;
    if (this.gone === undefined) {
      try {
        await polite();
      } catch {
        // A server that cannot shut down politely is killed below.
      }
    }
    const timer = setTimeout(() => this.killGroup('SIGKILL'), graceMs);
    timer.unref();
    await this.exited;
    clearTimeout(timer);
    // Whatever the server started and left behind (tsserver, its type installer).
    this.killGroup('SIGKILL');
  }

  private killGroup(sig: NodeJS.Signals): void {
    const pid = this.child?.pid;
    if (pid === undefined) return;
    try {
      process.kill(-pid, sig);
    } catch {
      // Already gone.
    }
  }
}
