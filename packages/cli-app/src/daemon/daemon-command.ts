import { existsSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { listDaemons, stopDaemons } from '@mcp-lsp-bridge/bridge/daemon';
import { findRoot } from '../args/find-root.js';
import { UsageError } from '../args/usage-error.js';
import { ExitCode } from '../exit-codes.js';
import { formatStatus, formatStop, statusJson, stopJson } from '../format/daemon.format.js';
import type { Styles } from '../format/style.js';
import { wrap } from '../format/wrap.js';
import type { CliIo } from '../io.js';
import { DAEMON_WORD as COMMAND } from './daemon-word.js';

/**
 * `lsp-bridge daemon status` and `lsp-bridge daemon stop [root] [--all]`: the background
 * servers themselves, not an operation of the catalogue.
 */
export async function runDaemonCommand(argv: readonly string[], io: CliIo, styles: Styles): Promise<ExitCode> {
  const { values, positionals } = parse(argv);
  const [, action, target, extra] = positionals;
  if (values.help === true || action === undefined) return print(io, usage());
  if (extra !== undefined) throw new UsageError(`unexpected argument "${extra}"`, COMMAND);
  const now = Date.now();
  if (action === 'status') {
    if (target !== undefined) throw new UsageError(`unexpected argument "${target}": status lists every background server`, COMMAND);
    const listing = await listDaemons(io.env);
    return print(io, values.json === true ? [JSON.stringify(statusJson(listing, now), null, 2)] : formatStatus(listing, now, styles.out));
  }
  if (action === 'stop') {
    if (values.all === true && (target !== undefined || values.root !== undefined)) {
      throw new UsageError('give a root or --all, not both', COMMAND);
    }
    const root = values.all === true ? undefined : realRoot(target ?? values.root, io.cwd);
    const report = await stopDaemons(io.env, (identity) => root === undefined || identity.root === root);
    print(
      io,
      values.json === true
        ? [JSON.stringify(stopJson(report), null, 2)]
        : formatStop(report, root === undefined ? 'is running' : `serves ${root}`, styles.out),
    );
    return report.failed.length === 0 ? ExitCode.OK : ExitCode.TOOL_ERROR;
  }
  throw new UsageError(`unknown daemon command "${action}"; use status or stop`, COMMAND);
}

function parse(argv: readonly string[]): ReturnType<typeof parseDaemonArgs> {
  try {
    return parseDaemonArgs(argv);
  } catch (error) {
    const message = error instanceof Error ? (error.message.split(/\.\s/)[0] ?? error.message) : String(error);
    throw new UsageError(message.replace(/\.$/, ''), COMMAND);
  }
}

function parseDaemonArgs(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    options: {
      json: { type: 'boolean' },
      all: { type: 'boolean' },
      root: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: true,
  });
}

/** The root as the servers know it: its real path (the nearest project marker upwards when none is given). */
function realRoot(given: string | undefined, cwd: string): string {
  const root = given === undefined ? findRoot(cwd) : resolve(cwd, given);
  return existsSync(root) ? realpathSync(root) : root;
}

function usage(): string[] {
  const width = 80;
  return [
    'Usage: lsp-bridge daemon status [--json]',
    '       lsp-bridge daemon stop [root] [--all] [--json]',
    '',
    wrap(
      'Every workspace has one background server, shared by the lsp-bridge commands and the MCP servers (mcp-lsp-bridge) ' +
        'run on it with the same settings: it keeps the projects loaded between calls and exits after 30 minutes without ' +
        'one (LSP_BRIDGE_DAEMON_IDLE_MS).',
      width,
    ),
    '',
    'Commands:',
    `  status        ${wrap('Lists your background servers: root, backend and settings, pid, memory (with its language servers), age, the last call and the calls served.', width - 16, 16)}`,
    `  stop [root]   ${wrap("Stops the root's servers, whatever their settings (default: the current workspace), or every one with --all. A write in progress is finished first; their language servers exit.", width - 16, 16)}`,
    '',
    'Options:',
    '  --json        Print the result as JSON.',
    '  --all         (stop) Stop every background server.',
    '  --root <dir>  (stop) The workspace root, as for every command.',
    '',
    wrap('LSP_BRIDGE_DAEMON=off (or --no-daemon on a command) runs calls without a background server.', width),
  ];
}

function print(io: CliIo, lines: readonly string[]): ExitCode {
  io.stdout.write(lines.map((line) => `${line}\n`).join(''));
  return ExitCode.OK;
}
