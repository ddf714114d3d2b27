import { COMPLETION, type CompletionInput, INPUT_BOUNDS } from '@mcp-lsp-bridge/domain/front';
import { fileArgument } from '../args/file-argument.js';
import { parseFilePlace } from '../args/file-lines.js';
import { integerOption, stringOption } from '../args/option-values.js';
import { UsageError } from '../args/usage-error.js';
import { defineCommand } from '../command-definition.js';
import { ExitCode } from '../exit-codes.js';

const NAME = 'complete';

export const command = defineCommand({
  name: NAME,
  aliases: [COMPLETION, 'completions'],
  tool: COMPLETION,
  summary: 'List what can be written at a position, and the signature of the call it is in',
  description:
    "Lists the names the language server offers at a cursor (after obj.: the members of obj's type), best first, each with " +
    'its kind and type or signature; inside the arguments of a call, the signatures of the function called, the one that ' +
    'matches and the parameter at the cursor. The cursor is before the given column; a column one past the end of the line ' +
    'is at its end.',
  arguments: [{ name: '<file>:<line>:<col>', description: 'The cursor: 1-based line and column.' }],
  options: {
    prefix: {
      type: 'string',
      valueName: 'text',
      description: 'Only names starting with it (default: the part of a name before the cursor).',
    },
    limit: {
      type: 'string',
      valueName: 'n',
      description: `List at most n names (default ${INPUT_BOUNDS.completionLimit.default}, at most ${INPUT_BOUNDS.completionLimit.max}); the summary counts all.`,
    },
  },
  examples: [
    { command: 'lsp-bridge complete src/main.ts:12:9', description: "the members of the value before the dot at line 12 (12:8 is 'x.')" },
    { command: 'lsp-bridge complete src/main.ts:12:9 --prefix get', description: 'only those whose name starts with get' },
  ],
  input(args, context): CompletionInput {
    const given = args.positionals[0];
    if (given === undefined || given === '') throw new UsageError('missing <file>:<line>:<col>', NAME);
    const place = parseFilePlace(given, NAME);
    if (place.line === undefined || place.column === undefined || place.endLine !== undefined) {
      throw new UsageError(`complete takes a cursor: <file>:<line>:<col>, got "${given}"`, NAME);
    }
    const prefix = stringOption(args, 'prefix');
    const limit = integerOption(args, 'limit', NAME, INPUT_BOUNDS.completionLimit);
    return {
      workspaceRoot: context.root,
      filePath: fileArgument(place.file, context),
      line: place.line,
      column: place.column,
      ...(prefix === undefined ? {} : { prefix }),
      ...(limit === undefined ? {} : { limit }),
    };
  },
  loadFormat: async () => (await import('../format/completion.format.js')).formatCompletion,
  exitCode: () => ExitCode.OK,
});
