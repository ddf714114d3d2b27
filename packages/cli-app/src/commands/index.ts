import { OPERATION_NAMES, operationNamed, type OperationName } from '@mcp-lsp-bridge/domain/front';
import type { CommandDefinition } from '../command-definition.js';

/**
 * The command of operation `name`, from the file its name gives beside this one
 * (`line_count` → `line-count.js`, exporting it as `command`): nothing lists the
 * commands, the catalogue names them. An operation without its file, or a file without its
 * `command`, fails naming the file.
 */
export async function loadCommand(name: OperationName): Promise<CommandDefinition> {
  const stem = name.replaceAll('_', '-');
  const source = `cli-app/src/commands/${stem}.ts`;
  let module: { readonly command?: CommandDefinition };
  try {
    // The literal `./….js` tells the package's bundler which files this may import; vitest,
    // told to leave it (its glob of `.js` names finds no `.ts` file), resolves it like any import.
    module = (await import(/* @vite-ignore */ `./${stem}.js`)) as { readonly command?: CommandDefinition };
  } catch (error) {
    // Run from the package's build (the CLI's tests run it), a file added since is not there yet.
    const built = import.meta.url.includes('/dist/') ? ' (run from a build: if it exists, build @mcp-lsp-bridge/cli-app again)' : '';
    throw new Error(`The operation ${name} has no command: ${source} cannot be loaded${built}`, { cause: error });
  }
  if (module.command?.tool !== name) throw new Error(`${source} does not export the command of ${name} as \`command\``);
  return module.command;
}

/** Whether operation `name` writes files: `--help` lists the commands that only read first. */
const writes = (name: OperationName): boolean => operationNamed(name)?.writes === true;

/**
 * Every subcommand, one per operation of the catalogue (each MCP tool), in the order `--help`
 * lists them: the catalogue's, those that only read before those that write. Every command
 * line parses against all of them, so they load before this module's importers run.
 */
export const COMMANDS: readonly CommandDefinition[] = await Promise.all(
  [...OPERATION_NAMES.filter((name) => !writes(name)), ...OPERATION_NAMES.filter(writes)].map(loadCommand),
);
