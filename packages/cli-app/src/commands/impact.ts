import { IMPACT, type ImpactInput, INPUT_BOUNDS } from '@mcp-lsp-bridge/domain/front';
import { classifyAddress } from '../args/address.js';
import { fileArgument } from '../args/file-argument.js';
import { integerOption, stringOption } from '../args/option-values.js';
import { UsageError } from '../args/usage-error.js';
import { defineCommand, type InputContext, type ParsedArgs } from '../command-definition.js';
import { ExitCode } from '../exit-codes.js';
import { ADDRESS_OPTIONS, addressArgument, addressInput } from './address-argument.js';

const NAME = 'impact';

export const command = defineCommand({
  name: NAME,
  aliases: [],
  tool: IMPACT,
  summary: 'Show what a change to a symbol reaches',
  description:
    'Shows what changing a symbol reaches, in one call: its uses by package and file with test code apart, the package entry ' +
    'points that export it, and its callers (--depth levels up). Give a symbol, or a <file> with --lines a-b (a diff hunk) ' +
    'for every declaration those lines touch, or a plain <file> for every declaration in it.',
  arguments: [
    {
      ...addressArgument,
      description: `${addressArgument.description} A plain <file> with --lines, or alone, stands for its declarations.`,
    },
  ],
  options: {
    ...ADDRESS_OPTIONS,
    lines: { type: 'string', valueName: 'a-b', description: 'With a plain <file>: the lines whose declarations to report (10-24, or 10).' },
    depth: {
      type: 'string',
      valueName: 'n',
      description: `Levels of callers, ${INPUT_BOUNDS.impactDepth.min} to ${INPUT_BOUNDS.impactDepth.max} (default ${INPUT_BOUNDS.impactDepth.default}).`,
    },
    limit: {
      type: 'string',
      valueName: 'n',
      description: `Use lines listed per symbol (default ${INPUT_BOUNDS.impactLimit.default}); counts count every use.`,
    },
  },
  examples: [
    { command: 'lsp-bridge impact src/config.ts --symbol parseConfig', description: 'who uses parseConfig, tests apart, and who calls it' },
    { command: 'lsp-bridge impact src/config.ts --lines 7-20', description: 'every declaration in lines 7 to 20 (a diff hunk)' },
    { command: "lsp-bridge impact src/config.ts:7:17 --json | jq '.symbols[0].referenceCount'", description: 'just the number of uses' },
  ],
  input(args, context): ImpactInput {
    const depth = integerOption(args, 'depth', NAME, INPUT_BOUNDS.impactDepth);
    const limit = integerOption(args, 'limit', NAME, INPUT_BOUNDS.impactLimit);
    const options = { ...(depth === undefined ? {} : { depth }), ...(limit === undefined ? {} : { limit }) };
    const range = rangeInput(args, context);
    return { ...(range ?? addressInput(args, context, NAME).address), ...options };
  },
  loadFormat: async () => (await import('../format/impact.format.js')).formatImpact,
  exitCode: () => ExitCode.OK,
});

/** A plain <file> without --symbol or --node-id: its declarations, in --lines or all of them. */
function rangeInput(args: ParsedArgs, context: InputContext): ImpactInput | undefined {
  const text = args.positionals[0];
  const lines = stringOption(args, 'lines');
  const plainFile = text !== undefined && classifyAddress(text, NAME).form === 'file';
  if (!plainFile || stringOption(args, 'symbol') !== undefined || stringOption(args, 'node-id') !== undefined) {
    if (lines !== undefined) throw new UsageError('--lines goes with a plain <file>, not with a symbol', NAME);
    return undefined;
  }
  const filePath = fileArgument(text, context);
  if (lines === undefined) return { workspaceRoot: context.root, filePath };
  const match = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(lines);
  if (match === null) throw new UsageError(`--lines takes a line or a range such as 10-24, got "${lines}"`, NAME);
  const startLine = Number(match[1]);
  return { workspaceRoot: context.root, filePath, startLine, endLine: match[2] === undefined ? startLine : Number(match[2]) };
}
