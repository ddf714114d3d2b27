import { watch } from 'node:fs';
import { mkdtemp, readdir, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, type CliRun } from './cli.js';
import { isAlive, waitForExit } from './processes.js';
import { startServer, type BridgeServer } from './server.js';

/** One background server as `lsp-bridge daemon status --json` lists it (docs/cli.md). */
export interface StatusEntry {
  readonly root: string;
  readonly backend: string;
  readonly settings: Readonly<Record<string, string>>;
  readonly pid: number;
  readonly state: 'serving' | 'busy' | 'stopping';
  readonly memoryBytes: number;
  readonly processes: readonly { readonly pid: number; readonly command: string; readonly rssBytes: number }[];
  readonly startedAt: string;
  readonly ageMs: number;
  readonly lastCallAt: string | null;
  readonly sinceLastCallMs: number | null;
  readonly callsServed: number | null;
  readonly callsRunning: number | null;
  readonly idleExitMs: number;
  readonly socket: string;
  readonly log: string;
}

export interface StatusJson {
  readonly directory: string | null;
  readonly servers: readonly StatusEntry[];
  readonly cleaned: readonly { readonly root: string; readonly pid: number }[];
}

export interface StopJson {
  readonly stopped: readonly { readonly root: string; readonly backend: string; readonly pid: number }[];
  readonly failed: readonly { readonly root: string; readonly pid: number; readonly reason: string }[];
}

/**
 * The background servers of one test: a runtime directory of its own (`XDG_RUNTIME_DIR`), so
 * they are the test's alone, and the CLI and MCP servers started with background servers on
 * (`LSP_BRIDGE_DAEMON=on`) in it. Disposing stops every one of them and removes the directory.
 */
export class BackgroundServers implements AsyncDisposable {
  private constructor(readonly runtime: string) {}

  static async create(): Promise<BackgroundServers> {
    return new BackgroundServers(await realpath(await mkdtemp(join(tmpdir(), 'lsp-bridge-runtime-'))));
  }

  /** Where the servers keep their sockets, status files and logs. */
  get directory(): string {
    return join(this.runtime, 'mcp-lsp-bridge');
  }

  /** The environment of a front using them (plus `extra`: other settings make other servers). */
  env(extra: Readonly<Record<string, string>> = {}): Record<string, string> {
    return { LSP_BRIDGE_DAEMON: 'on', XDG_RUNTIME_DIR: this.runtime, ...extra };
  }

  /** `lsp-bridge <args>` in `cwd`, through the background servers. */
  cli(args: readonly string[], cwd: string, extra: Readonly<Record<string, string>> = {}): Promise<CliRun> {
    return runCli(args, cwd, this.env(extra));
  }

  /** An MCP server (the built one, over stdio) whose calls go to the background servers. */
  mcp(backend: string, extra: Readonly<Record<string, string>> = {}): Promise<BridgeServer> {
    return startServer({ backend, env: this.env(extra) });
  }

  async status(): Promise<StatusJson> {
    return JSON.parse((await this.cli(['daemon', 'status', '--json'], this.runtime)).stdout) as StatusJson;
  }

  /** The background server processes, found independently of the product: their command line names the directory. */
  async processes(): Promise<number[]> {
    const pids: number[] = [];
    for (const name of await readdir('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const commandLine = (await readFile(`/proc/${name}/cmdline`, 'utf8')).split('\0');
        if (commandLine.some((part) => part.endsWith('daemon-main.js')) && commandLine.some((part) => part.startsWith(this.directory)))
          if (isAlive(Number(name))) pids.push(Number(name));
      } catch {
        // Gone while we looked.
      }
    }
    return pids.sort((a, b) => a - b);
  }

  /** The names in the directory ending in `suffix` (`.sock`, `.json`). */
  async files(suffix: string): Promise<string[]> {
    try {
      return (await readdir(this.directory)).filter((name) => name.endsWith(suffix)).sort();
    } catch {
      return [];
    }
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.cli(['daemon', 'stop', '--all'], this.runtime);
    const left = await this.processes();
    for (const pid of left) process.kill(pid, 'SIGTERM');
    await waitForExit(left);
    await rm(this.runtime, { recursive: true, force: true });
  }
}

const TEMP_SUFFIX = '.lsp-bridge.tmp';

/** Resolves when the writer creates its first temp file in `dir`: a write has begun. */
export function writeBegun(dir: string): { readonly begun: Promise<void>; close(): void } {
  const watcher = watch(dir);
  let onBegun: () => void = () => undefined;
  const begun = new Promise<void>((resolve) => (onBegun = resolve));
  watcher.on('change', (_event, name) => {
    if (String(name).endsWith(TEMP_SUFFIX)) onBegun();
  });
  return { begun, close: () => watcher.close() };
}

/** The command-line result of `lsp-bridge … --json`. */
export function jsonOf(run: CliRun): unknown {
  try {
    return JSON.parse(run.stdout) as unknown;
  } catch {
    throw new Error(`stdout is not JSON (exit ${String(run.code)}):\n${run.stdout}\nstderr:\n${run.stderr}`);
  }
}
