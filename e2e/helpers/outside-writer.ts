import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('../fixtures/writers/outside-writer.mjs', import.meta.url));

/** The first line of every insert of the outside writer: what the checks strip before reading a file. */
export const OUTSIDE_LINE = /^\/\/ outside \d{5}\n/;

/**
 * Another program writing the workspace's files without the bridge's lock (an editor saving):
 * it inserts a line at the top of a file, by reading it and writing it back in place through one descriptor.
 */
export class OutsideWriter implements AsyncDisposable {
  private readonly answers: string[] = [];
  private readonly waiting: ((line: string) => void)[] = [];
  private cadence: { readonly files: readonly string[]; readonly everyMs: number } | undefined;

  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    const lines = createInterface({ input: child.stdout });
    lines.on('line', (line) => {
      const waiter = this.waiting.shift();
      if (waiter === undefined) this.answers.push(line);
      else waiter(line);
    });
  }

  static start(): OutsideWriter {
    return new OutsideWriter(spawn(process.execPath, [SCRIPT], { stdio: ['pipe', 'pipe', 'pipe'] }));
  }

  /** Inserts `// outside <number>` at the top of `file` `afterMs` from now; resolves once it is on disk. */
  async insertAfter(file: string, afterMs: number, number: number): Promise<void> {
    this.send({ insert: file, line: `// outside ${String(number).padStart(5, '0')}\n`, afterMs });
    await this.answer();
  }

  /** Inserts a line at the top of one of `files` after another, every `everyMs`, until `stop` (or `pause`). */
  insertEvery(files: readonly string[], everyMs: number): void {
    this.cadence = { files, everyMs };
    this.send({ every: everyMs, files, prefix: '// outside ' });
  }

  /** Stops the inserts of `insertEvery`; resolves with how many it made in all, once no insert is under way. */
  async stop(): Promise<number> {
    this.send({ stop: true });
    return (JSON.parse(await this.answer()) as { stopped: number }).stopped;
  }

  /** `fn` while no insert is under way (a file read meanwhile is never half written); then the inserts go on. */
  async paused<T>(fn: () => Promise<T>): Promise<T> {
    if (this.cadence === undefined) return fn();
    const { files, everyMs } = this.cadence;
    await this.stop();
    try {
      return await fn();
    } finally {
      this.insertEvery(files, everyMs);
    }
  }

  private send(command: Record<string, unknown>): void {
    this.child.stdin.write(`${JSON.stringify(command)}\n`);
  }

  private answer(): Promise<string> {
    const ready = this.answers.shift();
    if (ready !== undefined) return Promise.resolve(ready);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  async [Symbol.asyncDispose](): Promise<void> {
    const exited = once(this.child, 'exit');
    this.child.stdin.end();
    await exited;
  }
}
