import { mkdtempSync, realpathSync, writeFileSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { QueryScope, Signal } from '@mcp-lsp-bridge/domain';

export const never: Signal = new AbortController().signal;

/** A temporary directory with files, removed on dispose. */
export class TempDir implements Disposable {
  readonly root = realpathSync(mkdtempSync(join(tmpdir(), 'lsp-adapter-test-')));

  write(file: string, text: string): string {
    const path = join(this.root, file);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    return path;
  }

  scope(): QueryScope {
    return { workspaceRoot: this.root, signal: never };
  }

  [Symbol.dispose](): void {
    rmSync(this.root, { recursive: true, force: true });
  }
}

/** A language server that answers `initialize` and exits at its first request: a crash on demand. */
export const CRASHING_SERVER = `
let buffer = Buffer.alloc(0);
process.stdin.on('data', (chunk) => {
  buffer = Buffer.concat([buffer, chunk]);
  for (;;) {
    const end = buffer.indexOf('\\r\\n\\r\\n');
    if (end < 0) return;
    const length = Number(/Content-Length: (\\d+)/i.exec(buffer.subarray(0, end).toString())?.[1] ?? 0);
    if (buffer.length < end + 4 + length) return;
    const message = JSON.parse(buffer.subarray(end + 4, end + 4 + length).toString());
    buffer = buffer.subarray(end + 4 + length);
    if (message.method === 'initialize') {
      const body = JSON.stringify({ jsonrpc: '2.0', id: message.id, result: { capabilities: {} } });
      process.stdout.write('Content-Length: ' + Buffer.byteLength(body) + '\\r\\n\\r\\n' + body);
    } else if (message.id !== undefined) {
      process.exit(3);
    }
  }
});
`;
