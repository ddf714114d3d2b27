import { CALL_HIERARCHY, FIND_REFERENCES, IMPACT, INPUT_BOUNDS } from '@mcp-lsp-bridge/domain/front';
import { z } from 'zod';
import { ADDRESSING, addressShape, boundedInteger, count, error, failures, locatedSymbolFields, wholeNumber } from './schemas.js';
import { defineTool } from './tool-definition.js';

const file = z.object({ filePath: z.string(), count: wholeNumber, lines: z.array(wholeNumber) });

export const tool = defineTool(IMPACT, {
  title: 'Impact of a change',
  description:
    `Use before changing, moving or deleting code, instead of several ${FIND_REFERENCES} and ${CALL_HIERARCHY} calls: a ` +
    "symbol's uses by package and file, test code apart, the package entry points exporting it, and its callers. Give a " +
    `symbol, or filePath with startLine/endLine (a diff hunk) for every declaration they touch. ${ADDRESSING}`,
  inputSchema: {
    ...addressShape,
    startLine: wholeNumber.optional(),
    endLine: wholeNumber.optional(),
    depth: boundedInteger(INPUT_BOUNDS.impactDepth).describe(`Caller levels (default ${INPUT_BOUNDS.impactDepth.default}).`),
    limit: boundedInteger(INPUT_BOUNDS.impactLimit).describe(`Use lines listed per symbol (default ${INPUT_BOUNDS.impactLimit.default}).`),
  },
  outputSchema: {
    success: z.boolean(),
    symbols: z
      .array(
        z.object({
          ...locatedSymbolFields,
          referenceCount: wholeNumber,
          testReferenceCount: wholeNumber,
          fileCount: wholeNumber,
          packages: z.array(z.object({ package: z.string(), count: wholeNumber, files: z.array(file) })),
          tests: z.array(file),
          publicExports: z.array(z.object({ package: z.string(), entryPoint: z.string(), exportedName: z.string() })),
          callers: z.array(z.object({ ...locatedSymbolFields, depth: wholeNumber, test: z.boolean() })),
          callersUnavailable: z.string().optional(),
          truncated: z.boolean(),
          failures,
        }),
      )
      .optional(),
    totalReferences: count,
    truncated: z.boolean().optional(),
    error,
  },
  loadRender: async () => (await import('../render/impact.render.js')).renderImpact,
});
