import { INPUT_BOUNDS, findReferences } from '@mcp-lsp-bridge/domain';
import { z } from 'zod';
import { renderReferences } from '../render/references.render.js';
import { ADDRESSING, addressShape, boundedInteger, error, failures, locationFields, readOnly } from './schemas.js';
import { defineTool } from './tool-definition.js';

export const findReferencesTool = defineTool({
  name: 'find_references',
  title: 'Find references',
  description:
    'Find every reference to a symbol, as the TypeScript type checker sees it: through imports, re-exports, ' +
    'aliases and across the projects of a monorepo, never matching comments, strings or other symbols of the same name. ' +
    'Prefer it over grep/text search whenever you need the usages of a function, class, method, variable, type or property ' +
    '(before changing a signature, deleting code, or judging impact). Results: declarations first, then usages by file, line, column. ' +
    `Works for .ts .tsx .js .jsx .mts .cts .mjs .cjs .d.ts files. ${ADDRESSING}`,
  inputSchema: {
    ...addressShape,
    includeNodeModules: z.boolean().optional().describe('Also return references inside node_modules (default false).'),
    limit: boundedInteger(INPUT_BOUNDS.referenceLimit).describe(
      `Maximum number of references returned (default ${INPUT_BOUNDS.referenceLimit.default}); totalCount always counts all of them.`,
    ),
  },
  outputSchema: {
    success: z.boolean(),
    symbolName: z.string().optional(),
    references: z
      .array(
        z.object({
          ...locationFields,
          referenceType: z.enum(['declaration', 'usage']),
        }),
      )
      .optional(),
    totalCount: z.number().int().optional().describe('How many references exist, before the limit'),
    truncated: z.boolean().optional().describe('True when more references exist than were returned'),
    failures,
    error,
  },
  annotations: readOnly,
  run: (ports, args, { signal }) => findReferences(ports, args, signal),
  render: renderReferences,
});
