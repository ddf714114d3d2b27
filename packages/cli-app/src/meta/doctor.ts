import { BACKENDS, checkSetup } from '@mcp-lsp-bridge/bridge/front';
import { describeSetup } from '@mcp-lsp-bridge/domain/front';
import { rootOf } from '../args/find-root.js';
import { stringOption } from '../args/option-values.js';
import { UsageError } from '../args/usage-error.js';
import { daemonDirectory } from '@mcp-lsp-bridge/bridge/daemon';
import { ExitCode } from '../exit-codes.js';
import { formatToolError } from '../format/error.format.js';
import type { MetaCommand } from './meta-command.js';

const NAME = 'doctor';

export const doctorCommand: MetaCommand = {
  name: NAME,
  aliases: ['check-setup'],
  summary: "Check the set-up: the workspace's languages, their servers, what is missing",
  description:
    'Checks what the bridge needs to answer for this workspace: which languages it has files of, which server answers ' +
    'each (found or not, where, which version), which TypeScript compiler each project resolves, whether C and C++ ' +
    'have compile flags (compile_commands.json, compile_flags.txt) and Go a module, and the background servers ' +
    'running. Each problem comes with the command that fixes it. Exits with 1 when files of a language here have no ' +
    'server that can run.',
  arguments: [
    {
      name: '[root]',
      description: 'The workspace to check (default: --root, else the nearest project directory, as for every command).',
      optional: true,
    },
  ],
  options: {},
  examples: [
    { command: 'lsp-bridge doctor', description: 'the project of the current directory' },
    { command: 'lsp-bridge doctor ~/src/service --json', description: 'another project, as a JSON report' },
  ],
  seeAlso: 'An MCP client reads the same report as the resource lsp-bridge://doctor?root=<absolute path>; --json prints its object.',

  async run(args, io, styles) {
    const [given] = args.positionals;
    const root = rootOf(given ?? stringOption(args, 'root'), io.cwd);
    const backend = stringOption(args, 'backend');
    if (backend !== undefined && !(BACKENDS as readonly string[]).includes(backend))
      throw new UsageError(`unknown backend "${backend}"; the backends are ${BACKENDS.join(', ')}`, NAME);
    const env = backend === undefined ? io.env : { ...io.env, LSP_BRIDGE_BACKEND: backend };
    const directory = daemonDirectory(io.env);
    const report = await checkSetup(root, {
      env,
      signal: io.signal,
      ...(directory === undefined ? {} : { backgroundServerDirectory: directory }),
    });
    if (args.values['json'] === true) io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    if (!report.success) {
      io.stderr.write(formatToolError(report.error, styles.err).join('\n') + '\n');
      return ExitCode.TOOL_ERROR;
    }
    if (args.values['json'] !== true) io.stdout.write(describeSetup(report).join('\n') + '\n');
    return report.ready ? ExitCode.OK : ExitCode.FOUND_ERRORS;
  },
};
