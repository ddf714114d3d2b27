import { getDiagnostics } from '@mcp-lsp-bridge/domain';
import { z } from 'zod';
import { renderDiagnostics } from '../render/diagnostics.render.js';
import { compilerItem, diagnosticItem, error, failures, filePath, readOnly, workspaceRoot } from './schemas.js';
import { defineTool } from './tool-definition.js';

const count = z.number().int().optional();

export const getDiagnosticsTool = defineTool({
  name: 'get_diagnostics',
  title: 'Get diagnostics',
  description:
    'Type-check and report compiler errors, warnings, info and hints (with codes like TS2304) for one file, or for every ' +
    'source file of every project in the workspace when filePath is omitted. Use it after editing code to verify it compiles, ' +
    'instead of running tsc yourself. Sees files exactly as they are on disk now.',
  inputSchema: {
    workspaceRoot,
    filePath: filePath.optional().describe('File to check, relative to workspaceRoot. Omit to check the whole workspace.'),
  },
  outputSchema: {
    success: z.boolean(),
    diagnostics: z.array(diagnosticItem).optional(),
    errorCount: count,
    warningCount: count,
    infoCount: count,
    hintCount: count,
    failures,
    compiler: compilerItem.optional(),
    compilers: z.array(compilerItem).optional(),
    error,
  },
  annotations: readOnly,
  run: (ports, args, { signal, onProgress }) => getDiagnostics(ports, args, signal, { onProgress }),
  render: renderDiagnostics,
});
