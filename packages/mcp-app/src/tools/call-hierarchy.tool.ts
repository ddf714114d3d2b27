import { INPUT_BOUNDS, MAX_CALLS, callHierarchy } from '@mcp-lsp-bridge/domain';
import { z } from 'zod';
import { renderCallHierarchy } from '../render/call-hierarchy.render.js';
import { ADDRESSING, addressShape, boundedInteger, error, kindField, nodeIdField, readOnly } from './schemas.js';
import { defineTool } from './tool-definition.js';

const symbolFields = {
  name: z.string(),
  kind: kindField,
  nodeId: nodeIdField.optional(),
  filePath: z.string(),
  line: z.number().int().describe('1-based line of the name'),
  column: z.number().int().describe('1-based column of the name'),
};

const callSite = z.object({ filePath: z.string(), line: z.number().int(), column: z.number().int() });

/** One caller or callee; `calls` nests the next level (published as a JSON-schema $ref). */
const call: z.ZodType = z.lazy(() =>
  z.object({
    ...symbolFields,
    callSites: z.array(callSite).describe('Incoming: where the caller calls the symbol; outgoing: where the symbol calls this callee'),
    calls: z.array(call).optional().describe('The next level, when depth > 1'),
    recursive: z.literal(true).optional().describe('Already listed higher on this path; not followed again'),
  }),
);

export const callHierarchyTool = defineTool({
  name: 'call_hierarchy',
  title: 'Call hierarchy',
  description:
    'List who calls a function or method (direction "incoming") or what it calls ("outgoing"), with the call sites, ' +
    `following calls up to ${INPUT_BOUNDS.callDepth.max} levels deep. Prefer it over grepping for "name(" to trace callers or judge the ` +
    'impact of a change: it follows imports and aliases and ignores unrelated functions of the same name. A symbol that is ' +
    `not callable answers an empty list. ${ADDRESSING}`,
  inputSchema: {
    ...addressShape,
    direction: z.enum(['incoming', 'outgoing']).describe('"incoming": the callers of the symbol; "outgoing": the functions it calls.'),
    depth: boundedInteger(INPUT_BOUNDS.callDepth).describe(
      `Levels to follow (default ${INPUT_BOUNDS.callDepth.default}); at most ${MAX_CALLS} calls are listed over all levels.`,
    ),
  },
  outputSchema: {
    success: z.boolean(),
    direction: z.enum(['incoming', 'outgoing']).optional(),
    symbol: z.object(symbolFields).optional().describe('The function or method asked about'),
    calls: z.array(call).optional().describe('Sorted by filePath, line, column'),
    totalCalls: z.number().int().optional().describe('Calls listed, at every level'),
    truncated: z.boolean().optional().describe(`True when the ${MAX_CALLS}-call limit left some calls out`),
    error,
  },
  annotations: readOnly,
  run: (ports, args, { signal }) => callHierarchy(ports, args, signal),
  render: renderCallHierarchy,
});
