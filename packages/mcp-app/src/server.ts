import { ErrorCode, type Progress, type ToolError } from '@mcp-lsp-bridge/domain/front';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { CallToolRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult, RequestId, ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import { PRODUCT_VERSION, InFlightCalls, checkSetup, type Logger, type RunOperation } from '@mcp-lsp-bridge/bridge/front';
import { z } from 'zod';
import { offeredWorkflows } from './prompts/workflows.js';
import { registerWorkflows } from './prompts/register-workflows.js';
import { renderError } from './render/text.js';
import { DOCTOR_TEMPLATE, registerDoctorResource, type SetupCheck } from './resources/doctor.resource.js';
import type { ToolDefinition } from './tools/tool-definition.js';

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

export const SERVER_INFO = { name: 'mcp-lsp-bridge', version: PRODUCT_VERSION } as const;

/** What the server tells a client about itself; names only the tools (and the workflows of them) it offers. */
export function instructions(toolNames: readonly string[]): string {
  const workflows = offeredWorkflows(toolNames).map((workflow) => workflow.name);
  return (
    'Compiler-exact navigation and editing for TypeScript/JavaScript (the TypeScript compiler), Python (pyright), ' +
    `C/C++ (clangd), Go (gopls) and any language server a workspace names in .lsp.json: ${toolNames.join(', ')}. ` +
    'Every call takes workspaceRoot (absolute); file paths are relative to it. Address a symbol by nodeId ' +
    '(kind:path:Qualified.name, as results return it), by filePath + symbol (a name such as "Calculator.add"), or by ' +
    'filePath + line + column (1-based; columns count Unicode characters). Prefer these tools over text search for symbols. ' +
    'Each answer is a short text, which says what it left out and how to ask for it, and the whole result as structuredContent. ' +
    `When a language's calls fail (LANGUAGE_SERVER_NOT_FOUND), read the resource ${DOCTOR_TEMPLATE.replace('{?root}', '?root=<workspaceRoot>')}: ` +
    'which servers are installed and the command that fixes each problem.' +
    (workflows.length === 0 ? '' : ` Workflows (prompts): ${workflows.join(', ')}.`)
  );
}

export interface ServerOptions {
  /** The answers being written, for an orderly shutdown (default: a set of the server's own). */
  readonly calls?: InFlightCalls;
  /**
   * Resolves once the answer to request `id` has been written, or at once when `cancelled`
   * says none will be (the client cancelled it): a shutdown waits for it before closing.
   */
  readonly answerWritten?: (id: RequestId, cancelled: AbortSignal) => Promise<void>;
  /** The set-up check the doctor resource answers with (default: the bridge's, with this process's environment). */
  readonly setupCheck?: SetupCheck;
}

/** Builds the MCP server offering `tools`, each call run by `run` (a bridge's, in process or in a background server). */
export function createBridgeServer(
  tools: readonly ToolDefinition[],
  run: RunOperation,
  logger: Logger,
  options: ServerOptions = {},
): McpServer {
  const server = new McpServer(SERVER_INFO, {
    // No `tools` here: the SDK would install its tools/call handler now, before
    // `callsParsedOnce`; the first registerTool declares the capability instead.
    capabilities: { logging: {} },
    instructions: instructions(tools.map((tool) => tool.name)),
  });
  callsParsedOnce(server);
  structureSdkErrors(server);
  registerDoctorResource(server, options.setupCheck ?? ((root, signal) => checkSetup(root, { env: process.env, signal })));
  registerWorkflows(
    server,
    tools.map((tool) => tool.name),
  );
  answerWithoutRevalidating(server);
  const calls = options.calls ?? new InFlightCalls();
  for (const tool of tools) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: strictInput(tool),
        outputSchema: tool.outputSchema,
        annotations: { title: tool.title, ...tool.annotations },
      },
      (args: Record<string, unknown>, extra: Extra) => callTool(tool, run, args, extra, logger, options, calls),
    );
  }
  listOnce(server);
  return server;
}

/**
 * tools/list as the SDK builds it, built once (the tools never change while the server runs)
 * and without the `$schema` key the SDK puts in every schema: 52 characters an agent would pay
 * for on every turn, once per tool. The SDK keeps its handlers in a private map, hence the
 * cast; the e2e suite lists the tools through a real client, so an SDK change shows.
 */
function listOnce(server: McpServer): void {
  type Handler = (request: unknown, extra: unknown) => Promise<{ tools: Record<string, unknown>[] }>;
  const handlers = (server.server as unknown as { _requestHandlers: Map<string, Handler> })._requestHandlers;
  const built = handlers.get('tools/list');
  if (built === undefined) return;
  let answer: Promise<{ tools: Record<string, unknown>[] }> | undefined;
  handlers.set(
    'tools/list',
    (request, extra) =>
      (answer ??= built(request, extra).then(({ tools }) => ({
        tools: tools.map((tool) => ({
          ...tool,
          inputSchema: withoutDialect(tool['inputSchema']),
          outputSchema: withoutDialect(tool['outputSchema']),
        })),
      }))),
  );
}

function withoutDialect(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null) return schema;
  const { $schema: _dialect, ...rest } = schema as Record<string, unknown>;
  return rest;
}

/**
 * The tool's arguments as a strict object: an unknown argument is refused (INVALID_INPUT,
 * naming the valid ones) rather than ignored, since an agent that passes `dryRun: true` to a
 * tool without one must not have its files rewritten. Clients see `additionalProperties: false`.
 */
function strictInput(tool: ToolDefinition): z.ZodObject {
  const valid = Object.keys(tool.inputSchema).join(', ');
  return z.strictObject(tool.inputSchema, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unknown argument${issue.keys.length === 1 ? '' : 's'} ${issue.keys.map((key) => `"${key}"`).join(', ')}: ${tool.name} takes ${valid}`
        : undefined,
  });
}

type Outcome = { readonly success: true } | ToolError;

async function callTool(
  tool: ToolDefinition,
  run: RunOperation,
  args: Record<string, unknown>,
  extra: Extra,
  logger: Logger,
  options: ServerOptions,
  calls: InFlightCalls,
): Promise<CallToolResult> {
  const started = Date.now();
  // Held before the call runs, so a shutdown never sees the call done but its answer unsent.
  const answered = options.answerWritten?.(extra.requestId, extra.signal);
  if (answered !== undefined) calls.hold(answered);
  const progress = progressReporter(extra);
  const outcome = (await calls.run(extra.signal, (signal) =>
    run(tool.name, args as never, { signal, onProgress: progress.report }),
  )) as Outcome;
  // The last progress notification is written before the answer, never after it.
  await progress.flushed();
  logger.info(`${tool.name} ${outcome.success ? 'ok' : outcome.error.code} in ${Date.now() - started} ms`);
  if (!outcome.success) {
    return { isError: true, content: [{ type: 'text', text: renderError(outcome.error) }], structuredContent: { ...outcome } };
  }
  return { content: [{ type: 'text', text: await tool.render(outcome, args) }], structuredContent: { ...outcome } };
}

/** Sends `notifications/progress` when the caller asked for it, at most every 100 ms. */
function progressReporter(extra: Extra): { report: (progress: Progress) => void; flushed: () => Promise<void> } {
  const token = extra._meta?.progressToken;
  let pending: Promise<void> = Promise.resolve();
  if (token === undefined) return { report: () => undefined, flushed: () => pending };
  let last = 0;
  const report = (progress: Progress): void => {
    const now = Date.now();
    if (now - last < 100 && progress.done < progress.total) return;
    last = now;
    pending = extra
      .sendNotification({
        method: 'notifications/progress',
        params: {
          progressToken: token,
          progress: progress.done,
          total: progress.total,
          ...(progress.message ? { message: progress.message } : {}),
        },
      })
      .catch(() => undefined);
  };
  return { report, flushed: () => pending };
}

/**
 * The SDK parses every answer's structuredContent with the tool's output schema before sending
 * it: work that grows with the answer (a `findReferences` of thousands of references), spent on
 * a result the use-case built to its type. The client checks it against the same schema from
 * tools/list (the SDK's client does on every call, the contract suite's among them), so the
 * server does not parse it again. Private in the SDK's types, hence the cast.
 */
function answerWithoutRevalidating(server: McpServer): void {
  const target = server as unknown as { validateToolOutput: (...args: unknown[]) => Promise<void> };
  target.validateToolOutput = () => Promise.resolve();
}

/**
 * The SDK's Server wraps the tools/call handler to parse each request a second time (the
 * protocol layer parsed it already) and each answer with the whole CallToolResult schema,
 * copying it, before it is written: on a warm `goToDefinition` that parse cost as much as the
 * query itself (a CPU profile of the bench's warm pass, issue 25). The answers are built by
 * `callTool` to the SDK's own CallToolResult type, and the client parses them anyway, so the
 * tools/call handler is registered the protocol's way, without the wrapper; every other
 * handler keeps the Server's. Must run before the first tool is registered (the McpServer
 * installs its tools/call handler then, or in its constructor if given the tools capability). The SDK's types hide this, hence the casts; the e2e
 * suite calls every tool through a real client, so an SDK change shows.
 */
function callsParsedOnce(server: McpServer): void {
  type SetRequestHandler = (this: unknown, schema: unknown, handler: unknown) => void;
  const target = server.server as unknown as { setRequestHandler: SetRequestHandler };
  // The Server's prototype's prototype: the protocol layer's own setRequestHandler.
  const protocol = Object.getPrototypeOf(Object.getPrototypeOf(target)) as { setRequestHandler: SetRequestHandler };
  const wrapped = target.setRequestHandler;
  target.setRequestHandler = function (schema, handler) {
    (schema === CallToolRequestSchema ? protocol.setRequestHandler : wrapped).call(this, schema, handler);
  };
}

/**
 * The SDK answers arguments that fail the input schema (and unknown tools) with a plain
 * text error. Every error of ours carries the FS-001 structure, so this replaces the SDK's
 * error builder on this instance. It is private in the SDK's types, hence the cast; the
 * e2e suite checks the structured answer to a malformed call, so an SDK change shows.
 */
function structureSdkErrors(server: McpServer): void {
  const target = server as unknown as { createToolError: (message: string) => CallToolResult };
  target.createToolError = (message: string): CallToolResult => {
    const invalid = /Input validation error|not found|disabled/.test(message);
    const error = invalid
      ? {
          code: ErrorCode.INVALID_INPUT,
          message,
          resolution:
            'Fix the arguments and call again: workspaceRoot is an absolute path, filePath is relative to it, a symbol is ' +
            'addressed by nodeId, by filePath + symbol, or by filePath + line + column (integers starting at 1), and only the listed tools exist.',
        }
      : { code: ErrorCode.LANGUAGE_SERVER_ERROR, message, resolution: 'Retry the operation. If persistent, check project configuration.' };
    return { isError: true, content: [{ type: 'text', text: renderError(error) }], structuredContent: { success: false, error } };
  };
}
