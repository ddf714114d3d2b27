import { CALL_HIERARCHY, INPUT_BOUNDS, MAX_CALLS } from '@mcp-lsp-bridge/domain/front';
import { z } from 'zod';
import { ADDRESSING, addressShape, boundedInteger, count, error, locatedSymbolFields, wholeNumber } from './schemas.js';
import { defineTool } from './tool-definition.js';

const callSite = z.object({ filePath: z.string(), line: wholeNumber, column: wholeNumber });

/** One caller or callee; `calls` nests the next level (published as a JSON-schema $ref). */
const call: z.ZodType = z.lazy(() =>
  z.object({
    ...locatedSymbolFields,
    callSites: z.array(callSite),
    calls: z.array(call).optional(),
    recursive: z.literal(true).optional(),
  }),
);

const direction = z.enum(['incoming', 'outgoing']);

export const tool = defineTool(CALL_HIERARCHY, {
  title: 'Call hierarchy',
  description:
    'Use instead of grepping "name(" to trace who calls a function or method ("incoming") or what it calls ("outgoing"), ' +
    `with the call sites, through imports and aliases, at most ${MAX_CALLS} calls. Empty for a symbol that is not callable. ` +
    ADDRESSING,
  inputSchema: {
    ...addressShape,
    direction,
    depth: boundedInteger(INPUT_BOUNDS.callDepth).describe(`Levels to follow (default ${INPUT_BOUNDS.callDepth.default}).`),
  },
  outputSchema: {
    success: z.boolean(),
    direction: direction.optional(),
    symbol: z.object(locatedSymbolFields).optional(),
    calls: z.array(call).optional(),
    totalCalls: count,
    truncated: z.boolean().optional(),
    error,
  },
  loadRender: async () => (await import('../render/call-hierarchy.render.js')).renderCallHierarchy,
});
