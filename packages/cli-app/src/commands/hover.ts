import { HOVER, type HoverInput } from '@mcp-lsp-bridge/domain/front';
import { defineCommand } from '../command-definition.js';
import { ExitCode } from '../exit-codes.js';
import { ADDRESS_OPTIONS, addressArgument, addressInput } from './address-argument.js';

const NAME = 'hover';

export const command = defineCommand({
  name: NAME,
  aliases: ['info', 'quick-info'],
  tool: HOVER,
  summary: 'Show the type and documentation of a symbol',
  description:
    'Shows what an editor shows on hover: the type signature of the symbol as the compiler prints it, then its ' +
    'documentation comment (markdown, with its @tags), shortened when very long. A symbol the compiler knows nothing ' +
    'about is not an error.',
  arguments: [addressArgument],
  options: ADDRESS_OPTIONS,
  examples: [
    { command: 'lsp-bridge hover src/config.ts:7:17', description: 'the signature and documentation of the symbol at line 7, column 17' },
    { command: 'lsp-bridge hover src/calc.ts --symbol Calculator.add', description: 'of the method add of class Calculator' },
    {
      command: "lsp-bridge hover function:src/config.ts:parseConfig --json | jq -r '.signature'",
      description: 'only the signature, by node id',
    },
  ],
  input: (args, context): HoverInput => addressInput(args, context, NAME).address,
  loadFormat: async () => (await import('../format/hover.format.js')).formatHover,
  exitCode: () => ExitCode.OK,
});
