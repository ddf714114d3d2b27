import { GET_DIAGNOSTICS, SEVERITIES } from '@mcp-lsp-bridge/domain/front';
import { z } from 'zod';
import { compilerItem, count, diagnosticItem, error, failures, filePath, severity, workspaceRoot } from './schemas.js';
import { defineTool } from './tool-definition.js';

export const tool = defineTool(GET_DIAGNOSTICS, {
  title: 'Get diagnostics',
  description:
    'Use after editing, instead of running tsc: the compiler errors, warnings, info and hints (codes like TS2304) of one file, ' +
    'or of every project file when filePath is omitted, as the files are on disk now. The text lists errors and warnings and ' +
    'sums up hints and info by code.',
  inputSchema: {
    workspaceRoot,
    filePath: filePath.optional().describe('Omit to check the whole workspace.'),
    severity: z
      .array(severity)
      .optional()
      .describe(`Only these (default all: ${SEVERITIES.join(', ')}).`),
  },
  outputSchema: {
    success: z.boolean(),
    diagnostics: z.array(diagnosticItem).optional(),
    errorCount: count,
    warningCount: count,
    infoCount: count,
    hintCount: count,
    fileCount: count,
    failures,
    compiler: compilerItem.optional(),
    compilers: z.array(compilerItem).optional(),
    error,
  },
  loadRender: async () => (await import('../render/diagnostics.render.js')).renderDiagnostics,
});
