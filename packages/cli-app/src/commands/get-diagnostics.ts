import { GET_DIAGNOSTICS, type GetDiagnosticsInput, isSeverity, SEVERITIES } from '@mcp-lsp-bridge/domain/front';
import { fileArgument } from '../args/file-argument.js';
import { listOption } from '../args/option-values.js';
import { UsageError } from '../args/usage-error.js';
import { defineCommand } from '../command-definition.js';
import { ExitCode } from '../exit-codes.js';

export const command = defineCommand({
  name: 'diag',
  aliases: ['diagnostics', 'get-diagnostics', GET_DIAGNOSTICS],
  tool: GET_DIAGNOSTICS,
  summary: 'Type-check one file, or every source file under the root',
  description:
    'Reports compiler errors, warnings, info and hints, with codes like TS2304, for one file or, without a file, for every ' +
    'source file of every project under the root (with a progress bar on a terminal; Ctrl-C stops it). ' +
    'Exits with 1 when there is an error, like tsc.',
  arguments: [
    {
      name: '[file]',
      description: 'The file to check, relative to the current directory. Omit it to check the whole root.',
      optional: true,
    },
  ],
  options: {
    severity: {
      type: 'string',
      multiple: true,
      valueName: 's',
      description: `List only diagnostics of this severity; repeat it or give a comma list (error,warning). The severities: ${SEVERITIES.join(', ')}. The summary still counts every one.`,
    },
  },
  examples: [
    { command: 'lsp-bridge diag', description: 'check the whole project; exit status 1 if anything has an error' },
    { command: 'lsp-bridge diag --severity error,warning', description: 'the same, without the info and hints' },
    { command: 'lsp-bridge diag src/errors.ts', description: 'check one file' },
    { command: "lsp-bridge diag --json | jq '.errorCount'", description: 'count the errors' },
  ],
  input(args, context): GetDiagnosticsInput {
    const file = args.positionals[0];
    const severity = listOption(args, 'severity');
    const unknown = severity.find((s) => !isSeverity(s));
    if (unknown !== undefined) throw new UsageError(`unknown severity "${unknown}"; the severities are ${SEVERITIES.join(', ')}`, 'diag');
    return {
      workspaceRoot: context.root,
      ...(file === undefined ? {} : { filePath: fileArgument(file, context) }),
      ...(severity.length === 0 ? {} : { severity: [...new Set(severity)] }),
    };
  },
  loadFormat: async () => (await import('../format/diagnostics.format.js')).formatDiagnostics,
  exitCode: (result) => (result.errorCount > 0 ? ExitCode.FOUND_ERRORS : ExitCode.OK),
});
