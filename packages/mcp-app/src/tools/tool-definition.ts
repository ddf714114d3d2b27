import { operationNamed, type InputOf, type OperationName, type ResultOf } from '@mcp-lsp-bridge/domain/front';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { readOnly } from './schemas.js';

/**
 * The MCP surface of one operation of the catalogue: its schemas, the description an agent
 * reads, and the concise text of a result. What the operation does, and whether it writes,
 * is the catalogue's.
 */
export interface ToolDefinition {
  readonly name: OperationName;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: z.ZodRawShape;
  readonly outputSchema: z.ZodRawShape;
  readonly annotations: ToolAnnotations;
  /**
   * The concise text an agent reads, given the arguments of the call; only called with
   * successful results. The renderer loads with the tool's first answer, not at start.
   */
  render(result: { readonly success: true }, args: Record<string, unknown>): Promise<string>;
}

/** The concise text of a tool's successful result. */
export type RenderResult<Result, Args> = (result: Result, args: Args) => string;

/** A writing operation's tool: it changes files and may not be repeated blindly. */
const WRITES: ToolAnnotations = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false };

/**
 * Keeps the tool's own argument and result types while erasing them for the server. The
 * input schema must describe the operation's input: a schema that lets through what the
 * use-case cannot take fails to compile.
 */
export function defineTool<const Name extends OperationName, Shape extends z.ZodRawShape>(
  name: Name,
  tool: {
    readonly title: string;
    readonly description: string;
    readonly inputSchema: Shape & (z.infer<z.ZodObject<Shape>> extends InputOf<Name> ? unknown : never);
    readonly outputSchema: z.ZodRawShape;
    /** Imports the renderer: `async () => (await import('../render/….render.js')).renderX`. */
    readonly loadRender: () => Promise<RenderResult<ResultOf<Name>, z.infer<z.ZodObject<Shape>>>>;
  },
): ToolDefinition {
  const operation = operationNamed(name);
  if (operation === undefined) throw new Error(`No operation of the catalogue is named ${name}`);
  const { loadRender, ...described } = tool;
  // Imported once: an `import()` of a module already loaded still costs each call tens of µs.
  let renderer: ReturnType<typeof loadRender> | undefined;
  return {
    name,
    ...described,
    annotations: { title: tool.title, ...(operation.writes ? WRITES : readOnly) },
    render: async (result, args) => (await (renderer ??= loadRender()))(result as ResultOf<Name>, args as z.infer<z.ZodObject<Shape>>),
  };
}
