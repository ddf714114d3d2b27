import { OPERATION_NAMES, type OperationName } from '@mcp-lsp-bridge/domain/front';
import type { ToolDefinition } from './tool-definition.js';

/** Every operation's tool name, in the catalogue's order (the order a client lists them). */
export const TOOL_NAMES: readonly OperationName[] = OPERATION_NAMES;

/**
 * The tool of operation `name`, from the file its name gives beside this one
 * (`line_count` → `line-count.tool.js`, exporting it as `tool`): nothing lists the
 * tools, the catalogue names them. Imported only when a server offers it: a server that offers
 * some tools (`--tools`, the default preset) never loads the schemas and descriptions of the
 * others. An operation without its file, or a file without its `tool`, fails naming the file.
 */
export async function loadTool(name: OperationName): Promise<ToolDefinition> {
  const stem = name.replaceAll('_', '-');
  const source = `mcp-app/src/tools/${stem}.tool.ts`;
  let module: { readonly tool?: ToolDefinition };
  try {
    // The literal `./….tool.js` tells the package's bundler which files this may import; vitest,
    // told to leave it (its glob of `.js` names finds no `.ts` file), resolves it like any import.
    module = (await import(/* @vite-ignore */ `./${stem}.tool.js`)) as { readonly tool?: ToolDefinition };
  } catch (error) {
    // Run from the package's build (the e2e suite's server), a file added since is not there yet.
    const built = import.meta.url.includes('/dist/') ? ' (run from a build: if it exists, build @mcp-lsp-bridge/mcp-app again)' : '';
    throw new Error(`The operation ${name} has no MCP tool: ${source} cannot be loaded${built}`, { cause: error });
  }
  if (module.tool?.name !== name) throw new Error(`${source} does not export the tool of ${name} as \`tool\``);
  return module.tool;
}

/** The tools of `names` (tool names; others are ignored), in the catalogue's order. */
export function loadTools(names: readonly string[]): Promise<ToolDefinition[]> {
  return Promise.all(OPERATION_NAMES.filter((name) => names.includes(name)).map(loadTool));
}
