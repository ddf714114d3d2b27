import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { offeredWorkflows, workflowText } from './workflows.js';

/** Offers each workflow whose tools the server offers as an MCP prompt (`prompts/list`, `prompts/get`). */
export function registerWorkflows(server: McpServer, toolNames: readonly string[]): void {
  for (const workflow of offeredWorkflows(toolNames)) {
    const argsSchema = Object.fromEntries(
      workflow.arguments.map((argument) => [
        argument.name,
        argument.required ? z.string().describe(argument.description) : z.string().optional().describe(argument.description),
      ]),
    );
    server.registerPrompt(workflow.name, { title: workflow.title, description: workflow.description, argsSchema }, (args) => ({
      description: workflow.description,
      messages: [{ role: 'user', content: { type: 'text', text: workflowText(workflow, args, toolNames) } }],
    }));
  }
}
