import { spawn } from 'node:child_process';
import { CLI_MAIN } from './paths.js';
import { cliEnv, type RunOptions } from './run-cli.js';

const quote = (arg: string): string => `'${arg.replace(/'/g, `'\\''`)}'`;

/**
 * `lsp-bridge` on a pseudo-terminal, through util-linux `script`: stdout and stderr are a
 * TTY of 100 columns, and what is typed (Ctrl-C) reaches the process as a terminal would.
 */
export class TerminalRun {
  private text = '';
  private readonly waiters: { pattern: RegExp; resolve: () => void }[] = [];
  readonly exit: Promise<number | null>;
  private readonly child;

  /** `stdoutTo` redirects stdout to a file, leaving only stderr on the terminal. */
  constructor(args: readonly string[], options: RunOptions & { readonly stdoutTo?: string }) {
    const redirect = options.stdoutTo === undefined ? '' : ` > ${quote(options.stdoutTo)}`;
    const command = `stty cols 100 rows 30; exec ${[process.execPath, CLI_MAIN, ...args].map(quote).join(' ')}${redirect}`;
    this.child = spawn('script', ['-q', '-e', '-c', command, '/dev/null'], {
      cwd: options.cwd,
      env: cliEnv({ TERM: 'xterm-256color', ...options.env }),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.child.stdout.setEncoding('utf8').on('data', (chunk: string) => this.onOutput(chunk));
    this.child.stderr.setEncoding('utf8').on('data', (chunk: string) => this.onOutput(chunk));
    this.exit = new Promise((resolve, reject) => {
      this.child.on('error', (error) => reject(new Error(`cannot run util-linux "script" for a pseudo-terminal: ${error.message}`)));
      this.child.on('close', (code) => resolve(code));
    });
  }

  /** Everything the terminal showed, line ends as the program wrote them. */
  get output(): string {
    return this.text.replace(/\r\n/g, '\n');
  }

  /** Resolves once the output matches. */
  waitFor(pattern: RegExp): Promise<void> {
    if (pattern.test(this.text)) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ pattern, resolve }));
  }

  /** Types into the terminal: `\u0003` is Ctrl-C. */
  type(keys: string): void {
    this.child.stdin.write(keys);
  }

  private onOutput(chunk: string): void {
    this.text += chunk;
    for (const waiter of [...this.waiters]) {
      if (!waiter.pattern.test(this.text)) continue;
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  }
}
