import type { CommandDefinition } from '../command-definition.js';
import { findReferencesCommand } from './find-references.js';
import { getDiagnosticsCommand } from './get-diagnostics.js';
import { goToDefinitionCommand } from './go-to-definition.js';
import { renameSymbolCommand } from './rename-symbol.js';

/** Every subcommand, in the order `--help` lists them: one per tool of the MCP server. */
export const COMMANDS: readonly CommandDefinition[] = [findReferencesCommand, goToDefinitionCommand, renameSymbolCommand, getDiagnosticsCommand];
