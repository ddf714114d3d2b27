import type { BridgePorts, Progress, Signal, ToolError } from '@mcp-lsp-bridge/domain';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';

export interface ToolContext {
  readonly signal: Signal;
  readonly onProgress: (progress: Progress) => void;
}

/** What a tool's use-case returns: its FS-001 result or an error. */
export type ToolOutcome = { readonly success: true } | ToolError;

/**
 * One MCP tool: schema, description, the use-case call and the text rendering. The app
 * registers every binding of this token, so adding a tool is adding a binding.
 */
export interface ToolDefinition {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: z.ZodRawShape;
  readonly outputSchema: z.ZodRawShape;
  readonly annotations: ToolAnnotations;
  run(ports: BridgePorts, args: Record<string, unknown>, context: ToolContext): Promise<ToolOutcome>;
  /** The concise text an agent reads, given the arguments of the call; only called with successful results. */
  render(result: ToolOutcome & { readonly success: true }, args: Record<string, unknown>): string;
}

/** Keeps each tool's own argument and result types while erasing them for the registry. */
export function defineTool<Shape extends z.ZodRawShape, Result extends { readonly success: true }>(tool: {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: Shape;
  readonly outputSchema: z.ZodRawShape;
  readonly annotations: ToolAnnotations;
  run(ports: BridgePorts, args: z.infer<z.ZodObject<Shape>>, context: ToolContext): Promise<Result | ToolError>;
  render(result: Result, args: z.infer<z.ZodObject<Shape>>): string;
}): ToolDefinition {
  return tool;
}
