import { CALL_HIERARCHY, type CallDirection, type CallHierarchyInput, INPUT_BOUNDS, MAX_CALLS } from '@mcp-lsp-bridge/domain/front';
import { defineCommand } from '../command-definition.js';
import { ExitCode } from '../exit-codes.js';
import { addressArgument } from './address-argument.js';
import { hierarchyInput, hierarchyOptions, type HierarchyCommand } from './hierarchy-options.js';

const CALLS: HierarchyCommand<CallDirection> = {
  name: 'calls',
  directions: ['incoming', 'outgoing'],
  flags: ['incoming', 'outgoing'],
  fallback: 'incoming',
  directionHelp: 'incoming (who calls it, the default) or outgoing (what it calls).',
  depth: INPUT_BOUNDS.callDepth,
  depthHelp: 'Levels of calls to follow',
};

export const command = defineCommand({
  name: CALLS.name,
  aliases: ['call-hierarchy', CALL_HIERARCHY],
  tool: CALL_HIERARCHY,
  summary: 'Show the callers of a function, or its callees',
  description:
    'Shows the callers of a function or method (incoming, the default) or the functions it calls (outgoing) as a tree, ' +
    'each with its node id and the positions of the calls: incoming call sites are in the caller, outgoing ones in the ' +
    `function itself. --depth follows the calls further (up to ${INPUT_BOUNDS.callDepth.max} levels, ${MAX_CALLS} calls in all); ` +
    'recursion is marked, not followed. A symbol that cannot be called has no calls.',
  arguments: [addressArgument],
  options: hierarchyOptions(CALLS),
  examples: [
    { command: 'lsp-bridge calls src/config.ts --symbol parseConfig', description: 'the functions that call parseConfig, and where' },
    { command: 'lsp-bridge calls function:src/app.ts:main --outgoing --depth 2', description: 'what main calls, and what those call' },
    { command: "lsp-bridge calls src/config.ts:7:17 --json | jq -r '.calls[].nodeId'", description: 'the callers as node ids' },
  ],
  input: (args, context): CallHierarchyInput => hierarchyInput(CALLS, args, context),
  loadFormat: async () => (await import('../format/calls.format.js')).formatCalls,
  exitCode: () => ExitCode.OK,
});
