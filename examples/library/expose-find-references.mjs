// @ts-check
import { createBridge } from '@mcp-lsp-bridge/bridge';

export const bridge = createBridge({ backend: 'tsservice' });

/** find_references in the shape most agent frameworks take: name, description, JSON Schema, execute. */
export const findReferencesTool = {
  name: 'find_references',
  description: 'Every reference to the symbol at a position (1-based line and column), as the TypeScript compiler sees it.',
  parameters: {
    type: 'object',
    properties: { workspaceRoot: { type: 'string' }, filePath: { type: 'string' }, line: { type: 'integer' }, column: { type: 'integer' } },
    required: ['workspaceRoot', 'filePath', 'line', 'column'],
  },
  /** @param {import('@mcp-lsp-bridge/bridge').FindReferencesInput} args @param {{ signal?: AbortSignal }} [options] */
  execute: (args, options = {}) => bridge.findReferences(args, options),
};

// As a script: node expose-find-references.mjs <workspaceRoot> <file>:<line>:<col>
if (process.argv[1] !== undefined && import.meta.url === (await import('node:url')).pathToFileURL(process.argv[1]).href) {
  const [workspaceRoot = '', at = ''] = process.argv.slice(2);
  const [, filePath = '', line = '0', column = '0'] = /^(.+):(\d+):(\d+)$/.exec(at) ?? [];
  const result = await findReferencesTool.execute({ workspaceRoot, filePath, line: Number(line), column: Number(column) });
  console.log(JSON.stringify(result, null, 2));
  await bridge.dispose();
  process.exitCode = result.success ? 0 : 3;
}
