import { GO_TO_TYPE_DEFINITION, type GoToTypeDefinitionInput } from '@mcp-lsp-bridge/domain/front';
import { defineCommand } from '../command-definition.js';
import { ExitCode } from '../exit-codes.js';
import { ADDRESS_OPTIONS, addressArgument, addressInput } from './address-argument.js';

const NAME = 'typedef';

export const command = defineCommand({
  name: NAME,
  aliases: ['type-definition', 'go-to-type-definition', GO_TO_TYPE_DEFINITION],
  tool: GO_TO_TYPE_DEFINITION,
  summary: "Show where a symbol's type is defined",
  description:
    'Shows the declarations of the type of a variable, parameter, property or call: the interface, class, type alias or enum, ' +
    'through aliases, generics and .d.ts files. A type without a declaration (a primitive, an inferred object type) gives none, ' +
    'which is not an error.',
  arguments: [addressArgument],
  options: ADDRESS_OPTIONS,
  examples: [
    { command: 'lsp-bridge typedef src/main.ts:4:7', description: 'the type of the variable at line 4, column 7' },
    { command: 'lsp-bridge typedef src/app.ts --symbol App.config', description: 'the type of the property config of class App' },
  ],
  input: (args, context): GoToTypeDefinitionInput => addressInput(args, context, NAME).address,
  loadFormat: async () => (await import('../format/definitions.format.js')).formatTypeDefinitions,
  exitCode: () => ExitCode.OK,
});
