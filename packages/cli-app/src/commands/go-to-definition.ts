import { GO_TO_DEFINITION, type GoToDefinitionInput } from '@mcp-lsp-bridge/domain/front';
import { defineCommand } from '../command-definition.js';
import { ExitCode } from '../exit-codes.js';
import { ADDRESS_OPTIONS, addressArgument, addressInput } from './address-argument.js';

const NAME = 'def';

export const command = defineCommand({
  name: NAME,
  aliases: ['definition', 'go-to-definition', GO_TO_DEFINITION],
  tool: GO_TO_DEFINITION,
  summary: 'Show where a symbol is defined',
  description:
    'Shows where a symbol is defined, following imports, re-exports and aliases to the real declaration. ' +
    'Overloads and merged declarations give several definitions; those in node_modules, outside the root or in .d.ts files ' +
    'are marked external and shown with absolute paths. No definition (a built-in) is not an error.',
  arguments: [addressArgument],
  options: ADDRESS_OPTIONS,
  examples: [
    { command: 'lsp-bridge def src/main.ts:4:16', description: 'where the function called at line 4, column 16 is declared' },
    {
      command: 'lsp-bridge def src/app.ts --symbol App.start',
      description: 'the declaration of the method start of class App, with its node id in --json',
    },
    {
      command: 'lsp-bridge def src/main.ts:4:16 --json | jq -r \'.definitions[0] | "\\(.filePath):\\(.line):\\(.column)"\'',
      description: 'just its location',
    },
  ],
  input: (args, context): GoToDefinitionInput => addressInput(args, context, NAME).address,
  loadFormat: async () => (await import('../format/definitions.format.js')).formatDefinitions,
  exitCode: () => ExitCode.OK,
});
