import { INPUT_BOUNDS, MAX_CALLS, type CallDirection, type CallHierarchyInput } from '@mcp-lsp-bridge/domain';
import { flag, integerOption, stringOption } from '../args/option-values.js';
import { UsageError } from '../args/usage-error.js';
import { defineCommand, type ParsedArgs } from '../command-definition.js';
import { ExitCode } from '../exit-codes.js';
import { formatCalls } from '../format/calls.format.js';
import { ADDRESS_OPTIONS, addressArgument, addressInput } from './address-argument.js';

const NAME = 'calls';

export const callHierarchyCommand = defineCommand({
  name: NAME,
  aliases: ['call-hierarchy', 'call_hierarchy'],
  tool: 'call_hierarchy',
  summary: 'Show the callers of a function, or its callees',
  description:
    'Shows the callers of a function or method (incoming, the default) or the functions it calls (outgoing) as a tree, ' +
    'each with its node id and the positions of the calls: incoming call sites are in the caller, outgoing ones in the ' +
    `function itself. --depth follows the calls further (up to ${INPUT_BOUNDS.callDepth.max} levels, ${MAX_CALLS} calls in all); ` +
    'recursion is marked, not followed. A symbol that cannot be called has no calls.',
  arguments: [addressArgument],
  options: {
    ...ADDRESS_OPTIONS,
    direction: { type: 'string', valueName: 'dir', description: 'incoming (who calls it, the default) or outgoing (what it calls).' },
    incoming: { type: 'boolean', description: 'The same as --direction incoming.' },
    outgoing: { type: 'boolean', description: 'The same as --direction outgoing.' },
    depth: {
      type: 'string',
      valueName: 'n',
      description: `Levels of calls to follow, 1 to ${INPUT_BOUNDS.callDepth.max} (default ${INPUT_BOUNDS.callDepth.default}).`,
    },
  },
  examples: [
    { command: 'lsp-bridge calls src/config.ts --symbol parseConfig', description: 'the functions that call parseConfig, and where' },
    { command: 'lsp-bridge calls function:src/app.ts:main --outgoing --depth 2', description: 'what main calls, and what those call' },
    { command: "lsp-bridge calls src/config.ts:7:17 --json | jq -r '.calls[].nodeId'", description: 'the callers as node ids' },
  ],
  input(args, context): CallHierarchyInput {
    const depth = integerOption(args, 'depth', NAME, INPUT_BOUNDS.callDepth);
    return { ...addressInput(args, context, NAME).address, direction: directionOf(args), ...(depth === undefined ? {} : { depth }) };
  },
  format: formatCalls,
  exitCode: () => ExitCode.OK,
});

const DIRECTIONS: readonly CallDirection[] = ['incoming', 'outgoing'];

function directionOf(args: ParsedArgs): CallDirection {
  const name = stringOption(args, 'direction');
  const named = DIRECTIONS.find((direction) => direction === name);
  if (name !== undefined && named === undefined) throw new UsageError(`--direction takes incoming or outgoing, got "${name}"`, NAME);
  const given = new Set<CallDirection>([
    ...(named === undefined ? [] : [named]),
    ...(flag(args, 'incoming') ? (['incoming'] as const) : []),
    ...(flag(args, 'outgoing') ? (['outgoing'] as const) : []),
  ]);
  if (given.size > 1) throw new UsageError('give one direction: incoming or outgoing', NAME);
  return [...given][0] ?? 'incoming';
}
