import { INPUT_BOUNDS, MAX_TYPES, TYPE_HIERARCHY } from '@mcp-lsp-bridge/domain/front';
import { z } from 'zod';
import { ADDRESSING, addressShape, boundedInteger, count, error, locatedSymbolFields, wholeNumber } from './schemas.js';
import { defineTool } from './tool-definition.js';

/** One supertype or subtype; `types` nests the next level (published as a JSON-schema $ref). */
const type: z.ZodType = z.lazy(() =>
  z.object({
    ...locatedSymbolFields,
    depth: wholeNumber,
    types: z.array(type).optional(),
    recursive: z.literal(true).optional(),
  }),
);

const direction = z.enum(['supertypes', 'subtypes', 'both']);

export const tool = defineTool(TYPE_HIERARCHY, {
  title: 'Type hierarchy',
  description:
    'Use instead of grepping "extends Name" / "implements Name" to see what a class, interface, struct or type extends or implements ' +
    '("supertypes"), what extends or implements it ("subtypes", across files and packages) or both, with locations, ' +
    `at most ${MAX_TYPES} types. Refuses a symbol that is not a type. ` +
    ADDRESSING,
  inputSchema: {
    ...addressShape,
    direction,
    depth: boundedInteger(INPUT_BOUNDS.typeDepth).describe(`Levels to follow (default ${INPUT_BOUNDS.typeDepth.default}).`),
  },
  outputSchema: {
    success: z.boolean(),
    direction: direction.optional(),
    symbol: z.object(locatedSymbolFields).optional(),
    supertypes: z.array(type).optional(),
    subtypes: z.array(type).optional(),
    totalTypes: count,
    truncated: z.boolean().optional(),
    error,
  },
  loadRender: async () => (await import('../render/type-hierarchy.render.js')).renderTypeHierarchy,
});
