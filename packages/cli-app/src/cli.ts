import { BACKENDS, ConfigError, createBridge, type Backend, type Bridge } from '@mcp-lsp-bridge/bridge/front';
import { backgroundFront } from '@mcp-lsp-bridge/bridge/daemon';
import { backgroundServerWanted } from '@mcp-lsp-bridge/domain/front';
import { rootOf } from './args/find-root.js';
import { stringOption } from './args/option-values.js';
import { parseCommandLine } from './args/parse-command-line.js';
import { UsageError } from './args/usage-error.js';
import type { CommandDefinition, CommandOutcome, ParsedArgs } from './command-definition.js';
import { COMMANDS } from './commands/index.js';
import { isDaemonCommand } from './daemon/daemon-word.js';
import { ExitCode } from './exit-codes.js';
import { formatToolError, formatUsageError, PROGRAM } from './format/error.format.js';
import { ProgressBar } from './format/progress-bar.js';
import { colourEnabled, createStyle, type Styles } from './format/style.js';
import type { CliIo, OutputStream } from './io.js';

/** Runs one `lsp-bridge` command line and answers its exit status. */
export async function runCli(argv: readonly string[], io: CliIo, commands: readonly CommandDefinition[] = COMMANDS): Promise<ExitCode> {
  const styles: Styles = {
    out: createStyle(colourEnabled(io.env, io.stdout.isTTY)),
    err: createStyle(colourEnabled(io.env, io.stderr.isTTY)),
  };
  try {
    // About the background servers themselves, not an operation: a command line of its own.
    if (isDaemonCommand(argv)) return await (await import('./daemon/daemon-command.js')).runDaemonCommand(argv, io, styles);
    const line = parseCommandLine(argv, commands);
    // The servers' descriptions and the installed versions load only for --version.
    if (line.kind === 'version') return print(io.stdout, (await import('@mcp-lsp-bridge/bridge')).versionLines(PROGRAM, io.env));
    if (line.kind === 'help') {
      const { formatCommandHelp, formatMainHelp } = await import('./format/help.format.js');
      return print(io.stdout, line.command === undefined ? formatMainHelp(commands) : formatCommandHelp(line.command));
    }
    if (line.kind === 'meta') return await line.command.run(line.args, io, styles);
    return await runCommand(line.command, line.args, io, styles);
  } catch (error) {
    if (error instanceof UsageError) {
      print(io.stderr, formatUsageError(error.message, error.command, styles.err));
      return ExitCode.USAGE;
    }
    if (error instanceof ConfigError) {
      print(io.stderr, formatUsageError(error.message, undefined, styles.err));
      return ExitCode.USAGE;
    }
    throw error;
  }
}

async function runCommand(command: CommandDefinition, args: ParsedArgs, io: CliIo, styles: Styles): Promise<ExitCode> {
  const json = args.values['json'] === true;
  const root = rootOf(stringOption(args, 'root'), io.cwd, args.positionals);
  const input = await command.input(args, { cwd: io.cwd, root, stdin: io.stdin });
  const backend = backendOf(args, command);
  const bridge = bridgeFor(args, backend, io.env);
  const progress = io.stderr.isTTY ? new ProgressBar(io.stderr) : undefined;
  let outcome: CommandOutcome;
  try {
    outcome = await bridge.run(command.tool, input as never, { signal: io.signal, onProgress: (p) => progress?.update(p) });
  } finally {
    progress?.clear();
    await bridge.dispose();
  }
  // --json prints the use-case result as is: what the MCP tool returns as structuredContent.
  if (json) print(io.stdout, [JSON.stringify(outcome, null, 2)]);
  if (!outcome.success) {
    // Ctrl-C reaches the whole process group, so a language server child may report its own death instead.
    if (io.signal.aborted) {
      print(io.stderr, [`${PROGRAM}: interrupted`]);
      return ExitCode.INTERRUPTED;
    }
    print(io.stderr, formatToolError(outcome.error, styles.err));
    return ExitCode.TOOL_ERROR;
  }
  if (!json) {
    const { createFormatter } = await import('./format/formatter.js');
    print(io.stdout, await command.format(outcome, createFormatter(styles.out, io.cwd, root)));
  }
  return command.exitCode(outcome);
}

/**
 * The workspace's background server, which keeps its projects loaded between commands and is
 * shared with every MCP server of the workspace; or this process, with `--no-daemon`,
 * `LSP_BRIDGE_DAEMON=off`, under `CI=true`, or when no background server can be used.
 */
function bridgeFor(args: ParsedArgs, backend: Backend | undefined, env: CliIo['env']): Bridge {
  const inProcess = (): Bridge => createBridge({ backend, env });
  return backgroundServerWanted(env, args.values['no-daemon'] === true) ? backgroundFront({ env, backend, inProcess }) : inProcess();
}

function backendOf(args: ParsedArgs, command: CommandDefinition): Backend | undefined {
  const name = stringOption(args, 'backend');
  if (name === undefined) return undefined;
  const known = BACKENDS.find((backend) => backend === name);
  if (known === undefined) throw new UsageError(`unknown backend "${name}"; the backends are ${BACKENDS.join(', ')}`, command.name);
  return known;
}

function print(stream: OutputStream, lines: readonly string[]): ExitCode {
  stream.write(lines.map((line) => `${line}\n`).join(''));
  return ExitCode.OK;
}
