import { spawn } from 'node:child_process';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { TERMINAL_NOTICE } from '../src/terminal-notice.js';
import { MAIN, connectStdio } from './stdio-client.js';

const quote = (arg: string): string => `'${arg.replace(/'/g, `'\\''`)}'`;

/**
 * The server started at a terminal: util-linux `script` gives it a pseudo-terminal for stdin
 * and both outputs; what is typed reaches it as a terminal would send it.
 */
class Terminal {
  private text = '';
  private readonly waiters: { pattern: RegExp; resolve: () => void }[] = [];
  private readonly child = spawn('script', ['-q', '-e', '-c', `exec ${quote(process.execPath)} ${quote(MAIN)}`, '/dev/null'], {
    cwd: tmpdir(),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  readonly exit = new Promise<number | null>((resolve, reject) => {
    this.child.on('error', (error) => reject(new Error(`cannot run util-linux "script" for a pseudo-terminal: ${error.message}`)));
    this.child.on('close', resolve);
  });

  constructor() {
    this.child.stdout.setEncoding('utf8').on('data', (chunk: string) => this.shown(chunk));
    this.child.stderr.setEncoding('utf8').on('data', (chunk: string) => this.shown(chunk));
  }

  get output(): string {
    return this.text.replace(/\r\n/g, '\n');
  }

  /** Resolves once the terminal shows something matching `pattern`. */
  waitFor(pattern: RegExp): Promise<void> {
    if (pattern.test(this.output)) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ pattern, resolve }));
  }

  type(keys: string): void {
    this.child.stdin.write(keys);
  }

  private shown(chunk: string): void {
    this.text += chunk;
    for (const waiter of [...this.waiters]) {
      if (!waiter.pattern.test(this.output)) continue;
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  }
}

describe('mcp-lsp-bridge started at a terminal', () => {
  it('says in one line what it is and how to use it, then serves as usual until Ctrl-C', async () => {
    const initialize = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'terminal', version: '0' } },
    });
    const terminal = new Terminal();
    await terminal.waitFor(/MCP client/);
    terminal.type(`${initialize}\n`);
    await terminal.waitFor(/"serverInfo"/);
    terminal.type('\u0003');
    const code = await terminal.exit;
    const shown = terminal.output;
    expect(shown.startsWith(TERMINAL_NOTICE)).toBe(true);
    expect(TERMINAL_NOTICE.trimEnd().split('\n')).toHaveLength(1);
    expect(shown).toMatch(/"result":\{.*"serverInfo":\{"name":"mcp-lsp-bridge"/);
    expect(code).toBe(0);
  });

  it('says nothing on stderr when a client starts it with pipes', async () => {
    await using server = await connectStdio({ cwd: tmpdir() });
    await server.client.listTools();
    expect(server.stderr()).toBe('');
  });
});
