import type { CommandDefinition } from '../command-definition.js';
import { callHierarchyCommand } from './call-hierarchy.js';
import { checkEditsCommand } from './check-edits.js';
import { codeActionsCommand } from './code-actions.js';
import { documentSymbolsCommand } from './document-symbols.js';
import { findImplementationsCommand } from './find-implementations.js';
import { findReferencesCommand } from './find-references.js';
import { formatFileCommand } from './format-file.js';
import { getDiagnosticsCommand } from './get-diagnostics.js';
import { goToDefinitionCommand } from './go-to-definition.js';
import { goToTypeDefinitionCommand } from './go-to-type-definition.js';
import { completionCommand } from './completion.js';
import { hoverCommand } from './hover.js';
import { impactCommand } from './impact.js';
import { renameSymbolCommand } from './rename-symbol.js';
import { replaceSymbolBodyCommand } from './replace-symbol-body.js';
import { safeDeleteCommand } from './safe-delete.js';
import { typeHierarchyCommand } from './type-hierarchy.js';
import { workspaceSymbolsCommand } from './workspace-symbols.js';

/** Every subcommand, in the order `--help` lists them: one per tool of the MCP server. */
export const COMMANDS: readonly CommandDefinition[] = [
  findReferencesCommand,
  goToDefinitionCommand,
  goToTypeDefinitionCommand,
  completionCommand,
  hoverCommand,
  findImplementationsCommand,
  callHierarchyCommand,
  typeHierarchyCommand,
  impactCommand,
  documentSymbolsCommand,
  workspaceSymbolsCommand,
  renameSymbolCommand,
  replaceSymbolBodyCommand,
  safeDeleteCommand,
  checkEditsCommand,
  codeActionsCommand,
  formatFileCommand,
  getDiagnosticsCommand,
];
