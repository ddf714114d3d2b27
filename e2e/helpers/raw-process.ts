import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { serverCommand, type StartOptions } from './server.js';

interface JsonRpcMessage {
  jsonrpc?: unknown;
  id?: unknown;
  method?: unknown;
  result?: unknown;
  error?: unknown;
}

/**
 * The server as a bare child process speaking newline-delimited JSON-RPC, for what the SDK
 * client hides: every byte of stdout, the exit on end of stdin, start-up failures.
 */
export class RawServer implements AsyncDisposable {
  readonly stdoutLines: string[] = [];
  private stdoutRest = '';
  private stderrText = '';
  private readonly waiters: { id: number; resolve: (message: JsonRpcMessage) => void; reject: (error: Error) => void }[] = [];
  private readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private nextId = 1;

  private constructor(readonly child: ChildProcessWithoutNullStreams) {
    this.exited = once(child, 'exit').then(([code, signal]) => ({ code: code as number | null, signal: signal as NodeJS.Signals | null }));
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (this.stderrText += chunk));
    child.stdout.on('data', (chunk: string) => this.onStdout(chunk));
    void this.exited.then(({ code, signal }) => {
      for (const waiter of this.waiters.splice(0)) {
        waiter.reject(
          new Error(`server exited (code ${code}, signal ${signal}) before answering request ${waiter.id}; stderr:\n${this.stderrText}`),
        );
      }
    });
  }

  static spawn(options: StartOptions): RawServer {
    const { command, args, env } = serverCommand(options);
    return new RawServer(spawn(command, args, { env, cwd: tmpdir(), stdio: ['pipe', 'pipe', 'pipe'] }));
  }

  get stderr(): string {
    return this.stderrText;
  }

  /** Sends a request and resolves with its response. */
  request(method: string, params: Record<string, unknown>): Promise<JsonRpcMessage> {
    const id = this.nextId++;
    const response = new Promise<JsonRpcMessage>((resolve, reject) => this.waiters.push({ id, resolve, reject }));
    this.send({ jsonrpc: '2.0', id, method, params });
    return response;
  }

  notify(method: string, params: Record<string, unknown> = {}): void {
    this.send({ jsonrpc: '2.0', method, params });
  }

  async initialize(): Promise<JsonRpcMessage> {
    const response = await this.request('initialize', {
      protocolVersion: LATEST_PROTOCOL_VERSION,
      capabilities: {},
      clientInfo: { name: 'mcp-lsp-bridge-e2e-raw', version: '0.0.0' },
    });
    this.notify('notifications/initialized');
    return response;
  }

  closeStdin(): void {
    this.child.stdin.end();
  }

  /** Resolves when the process exits (never rejects). */
  exit(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    return this.exited;
  }

  private send(message: Record<string, unknown>): void {
    this.child.stdin.write(`${JSON.stringify(message)}\n`);
  }

  private onStdout(chunk: string): void {
    const text = this.stdoutRest + chunk;
    const lines = text.split('\n');
    this.stdoutRest = lines.pop() ?? '';
    for (const line of lines) {
      this.stdoutLines.push(line);
      let message: JsonRpcMessage;
      try {
        message = JSON.parse(line) as JsonRpcMessage;
      } catch {
        continue;
      }
      const index = this.waiters.findIndex((w) => w.id === message.id);
      if (index >= 0) this.waiters.splice(index, 1)[0]?.resolve(message);
    }
  }

  /** Whatever stdout held after its last newline. */
  get stdoutTail(): string {
    return this.stdoutRest;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill('SIGTERM');
      await this.exited;
    }
  }
}
