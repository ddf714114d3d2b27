import { REPLACE_SYMBOL_BODY, type ReplaceMode, type ReplaceSymbolBodyInput } from '@mcp-lsp-bridge/domain/front';
import { flag, stringOption } from '../args/option-values.js';
import { replacementText } from '../args/replacement-text.js';
import { UsageError } from '../args/usage-error.js';
import { defineCommand, type ParsedArgs } from '../command-definition.js';
import { ExitCode } from '../exit-codes.js';
import { ADDRESS_OPTIONS, addressArgument, addressInput } from './address-argument.js';

const NAME = 'replace';

const MODES: Readonly<Record<string, ReplaceMode>> = {
  body: 'replace-body',
  'replace-body': 'replace-body',
  node: 'replace-node',
  'replace-node': 'replace-node',
};

export const command = defineCommand({
  name: NAME,
  aliases: ['replace-symbol-body', REPLACE_SYMBOL_BODY],
  tool: REPLACE_SYMBOL_BODY,
  summary: 'Replace the body or declaration of a symbol',
  description:
    'Replaces the body of a function, method or class (--mode body, the default; the replacement with or without its ' +
    'braces, re-indented under the declaration), or the whole declaration (--mode node; exactly one declaration of the ' +
    'same construct, JSDoc kept), and WRITES the file. Refuses, writing nothing, a replacement that does not parse as ' +
    'what it replaces or adds syntax errors (INVALID_REPLACEMENT), and a file changed since it was read. Prints the ' +
    'diagnostics the edit introduced; exits with 1 when one of them is an error.',
  arguments: [addressArgument],
  options: {
    ...ADDRESS_OPTIONS,
    mode: {
      type: 'string',
      valueName: 'mode',
      description: 'body (replace-body, the default): only the body; node (replace-node): the whole declaration.',
    },
    with: { type: 'string', valueName: 'text', description: 'The replacement text.' },
    'dry-run': { type: 'boolean', description: 'Check the replacement and print the errors it would add, without writing.' },
    'from-file': {
      type: 'string',
      valueName: 'path',
      description:
        'Read the replacement from a file (- for stdin). Without --with or --from-file it is read from stdin when that is piped.',
    },
  },
  examples: [
    {
      command: "lsp-bridge replace src/calc.ts --symbol Calculator.add --with 'return a + b;'",
      description: 'a new body for the method add',
    },
    {
      command: 'lsp-bridge replace method:src/calc.ts:Calculator.add --mode node --from-file add.ts',
      description: 'the whole method, from a file',
    },
    {
      command: "printf 'return 0;' | lsp-bridge replace src/calc.ts:5:3 && lsp-bridge diag",
      description: 'the body from stdin, then check the project',
    },
  ],
  async input(args, context): Promise<ReplaceSymbolBodyInput> {
    const { address } = addressInput(args, context, NAME);
    const mode = modeOf(args);
    const dryRun = flag(args, 'dry-run') ? { dryRun: true } : {};
    return { ...address, mode, replacement: await replacementText(args, context, NAME), ...dryRun };
  },
  loadFormat: async () => (await import('../format/replace.format.js')).formatReplace,
  exitCode: (result) => (result.introducedDiagnostics.some((d) => d.severity === 'error') ? ExitCode.FOUND_ERRORS : ExitCode.OK),
});

function modeOf(args: ParsedArgs): ReplaceMode {
  const given = stringOption(args, 'mode') ?? 'body';
  const mode = MODES[given];
  if (mode === undefined) throw new UsageError(`--mode takes body or node (replace-body, replace-node), got "${given}"`, NAME);
  return mode;
}
