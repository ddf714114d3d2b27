import type { PositionInput } from '@mcp-lsp-bridge/domain';
import type { ArgumentSpec, InputContext, ParsedArgs } from '../command-definition.js';
import { fileArgument } from '../args/file-argument.js';
import { parseLocation } from '../args/location.js';
import { UsageError } from '../args/usage-error.js';

export const positionArgument: ArgumentSpec = {
  name: '<file>:<line>:<col>',
  description:
    'A position on the symbol, as grep -n, tsc and editors print it (1-based; the column counts characters). ' +
    'The file is relative to the current directory.',
};

/** The position input of the use-cases from the first positional argument. */
export function positionInput(args: ParsedArgs, context: InputContext, command: string): PositionInput {
  const text = args.positionals[0];
  if (text === undefined) throw new UsageError(`missing ${positionArgument.name}`, command);
  const { file, line, column } = parseLocation(text, command);
  return { workspaceRoot: context.root, filePath: fileArgument(file, context), line, column };
}
