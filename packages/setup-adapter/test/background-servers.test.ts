import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backgroundServers } from '../src/index.js';

const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0)) child.kill('SIGKILL');
});

/** A process listening on `socket`, started as the CLI starts its background server (`--socket <path>`). */
async function listener(socket: string): Promise<ChildProcess> {
  const script = path.join(path.dirname(socket), 'listener.cjs');
  writeFileSync(script, "require('net').createServer().listen(process.argv[3], () => console.log('ready'));\n");
  const child = spawn(process.execPath, [script, '--socket', socket], { stdio: ['ignore', 'pipe', 'inherit'] });
  started.push(child);
  await new Promise<void>((resolve, reject) => {
    const exited = (code: number | null): void => reject(new Error(`the listener exited with ${String(code)}`));
    child.once('exit', exited);
    child.stdout.once('data', () => {
      child.off('exit', exited);
      resolve();
    });
  });
  return child;
}

describe('backgroundServers', () => {
  it('lists each socket: live with its process, or left behind by one that died', async () => {
    const dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'setup-daemons-')));
    try {
      const live = await listener(path.join(dir, 'a.sock'));
      const dead = await listener(path.join(dir, 'b.sock'));
      const exited = new Promise((resolve) => dead.once('exit', resolve));
      dead.kill('SIGKILL');
      await exited;
      const facts = await backgroundServers(dir);
      expect(facts.directory).toBe(dir);
      expect(facts.servers.map(({ socket, live, pid }) => ({ socket, live, pid }))).toEqual([
        { socket: path.join(dir, 'a.sock'), live: true, pid: live.pid },
        { socket: path.join(dir, 'b.sock'), live: false, pid: undefined },
      ]);
      expect(facts.servers.every((server) => server.since !== undefined && !Number.isNaN(Date.parse(server.since)))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lists none in a directory that does not exist', async () => {
    expect(await backgroundServers('/nonexistent/mcp-lsp-bridge')).toEqual({ directory: '/nonexistent/mcp-lsp-bridge', servers: [] });
  });
});
