import type { ToolError } from '../errors/bridge-error.js';
import type { GetDiagnosticsInput } from '../model/inputs.js';
import { callHierarchy } from '../use-cases/call-hierarchy.js';
import { checkEdits } from '../use-cases/check-edits.js';
import { codeActions } from '../use-cases/code-actions.js';
import { completion } from '../use-cases/completion.js';
import { documentSymbols } from '../use-cases/document-symbols.js';
import { findImplementations } from '../use-cases/find-implementations.js';
import { findReferences } from '../use-cases/find-references.js';
import { formatFile } from '../use-cases/format-file.js';
import { getDiagnostics } from '../use-cases/get-diagnostics.js';
import { goToDefinition } from '../use-cases/go-to-definition.js';
import { goToTypeDefinition } from '../use-cases/go-to-type-definition.js';
import { hover } from '../use-cases/hover.js';
import { impact } from '../use-cases/impact.js';
import { renameSymbol } from '../use-cases/rename-symbol.js';
import { replaceSymbolBody } from '../use-cases/replace-symbol-body.js';
import { typeHierarchy } from '../use-cases/type-hierarchy.js';
import { safeDelete } from '../use-cases/safe-delete.js';
import { workspaceSymbols } from '../use-cases/workspace-symbols.js';
import {
  CALL_HIERARCHY,
  CHECK_EDITS,
  CODE_ACTIONS,
  COMPLETION,
  DOCUMENT_SYMBOLS,
  FIND_IMPLEMENTATIONS,
  FIND_REFERENCES,
  FORMAT_FILE,
  GET_DIAGNOSTICS,
  GO_TO_DEFINITION,
  GO_TO_TYPE_DEFINITION,
  HOVER,
  IMPACT,
  RENAME_SYMBOL,
  REPLACE_SYMBOL_BODY,
  SAFE_DELETE,
  TYPE_HIERARCHY,
  WORKSPACE_SYMBOLS,
} from './operation-names.js';
import { defineOperation, signalled, PRESET_NAMES, type AnyOperation, type PresetName } from './operation.js';

/**
 * Every operation of the bridge, in the order an MCP client lists the tools. Adding an
 * operation here gives it a library method, a background-server operation and a place in
 * the presets; its MCP tool and CLI command are the two surfaces to add beside it.
 */
export const CATALOGUE = [
  defineOperation({
    name: FIND_REFERENCES,
    method: 'findReferences',
    writes: false,
    presets: ['default', 'core', 'navigation'],
    run: signalled(findReferences),
  }),
  defineOperation({
    name: GO_TO_DEFINITION,
    method: 'goToDefinition',
    writes: false,
    presets: ['default', 'core', 'navigation'],
    run: signalled(goToDefinition),
  }),
  defineOperation({
    name: GO_TO_TYPE_DEFINITION,
    method: 'goToTypeDefinition',
    writes: false,
    presets: ['navigation'],
    run: signalled(goToTypeDefinition),
  }),
  defineOperation({
    name: COMPLETION,
    method: 'completion',
    writes: false,
    presets: ['navigation'],
    run: signalled(completion),
  }),
  defineOperation({
    name: RENAME_SYMBOL,
    method: 'renameSymbol',
    writes: true,
    presets: ['default', 'core', 'edit'],
    run: signalled(renameSymbol),
  }),
  defineOperation({
    name: GET_DIAGNOSTICS,
    method: 'getDiagnostics',
    writes: false,
    presets: ['default', 'core', 'edit'],
    run: (ports, input: GetDiagnosticsInput, { signal, onProgress }) =>
      getDiagnostics(ports, input, signal, onProgress === undefined ? {} : { onProgress }),
  }),
  defineOperation({
    name: CHECK_EDITS,
    method: 'checkEdits',
    writes: true,
    presets: ['default', 'edit'],
    run: signalled(checkEdits),
  }),
  defineOperation({
    name: HOVER,
    method: 'hover',
    writes: false,
    presets: ['default', 'navigation'],
    run: signalled(hover),
  }),
  defineOperation({
    name: DOCUMENT_SYMBOLS,
    method: 'documentSymbols',
    writes: false,
    presets: ['default', 'navigation'],
    run: signalled(documentSymbols),
  }),
  defineOperation({
    name: WORKSPACE_SYMBOLS,
    method: 'workspaceSymbols',
    writes: false,
    presets: ['default', 'navigation'],
    run: signalled(workspaceSymbols),
  }),
  defineOperation({
    name: FIND_IMPLEMENTATIONS,
    method: 'findImplementations',
    writes: false,
    presets: ['navigation'],
    run: signalled(findImplementations),
  }),
  defineOperation({
    name: CALL_HIERARCHY,
    method: 'callHierarchy',
    writes: false,
    presets: ['navigation'],
    run: signalled(callHierarchy),
  }),
  defineOperation({
    name: TYPE_HIERARCHY,
    method: 'typeHierarchy',
    writes: false,
    presets: ['navigation'],
    run: signalled(typeHierarchy),
  }),
  defineOperation({
    name: IMPACT,
    method: 'impact',
    writes: false,
    presets: ['default', 'navigation'],
    run: signalled(impact),
  }),
  defineOperation({
    name: SAFE_DELETE,
    method: 'safeDelete',
    writes: true,
    presets: ['edit'],
    run: signalled(safeDelete),
  }),
  defineOperation({
    name: REPLACE_SYMBOL_BODY,
    method: 'replaceSymbolBody',
    writes: true,
    presets: ['default', 'edit'],
    run: signalled(replaceSymbolBody),
  }),
  defineOperation({
    name: CODE_ACTIONS,
    method: 'codeActions',
    writes: true,
    presets: ['edit'],
    run: signalled(codeActions),
  }),
  defineOperation({
    name: FORMAT_FILE,
    method: 'formatFile',
    writes: true,
    presets: ['edit'],
    run: signalled(formatFile),
  }),
] as const;

type Catalogue = (typeof CATALOGUE)[number];
export type OperationName = Catalogue['name'];
export type OperationMethod = Catalogue['method'];
export type OperationByName<N extends OperationName> = Extract<Catalogue, { readonly name: N }>;
export type OperationByMethod<M extends OperationMethod> = Extract<Catalogue, { readonly method: M }>;
export type InputOf<N extends OperationName> = Parameters<OperationByName<N>['run']>[1];
export type ResultOf<N extends OperationName> = Exclude<Awaited<ReturnType<OperationByName<N>['run']>>, ToolError>;

export const OPERATION_NAMES: readonly OperationName[] = CATALOGUE.map((operation) => operation.name);

/** The operation named `name` (a tool name or a library method), if there is one. */
export function operationNamed(name: string): AnyOperation | undefined {
  return CATALOGUE.find((operation) => operation.name === name || operation.method === name);
}

/** Each preset's operations, in catalogue order; `all` names every operation. */
export const PRESETS: Readonly<Record<PresetName | 'all', readonly OperationName[]>> = {
  ...(Object.fromEntries(
    PRESET_NAMES.map((preset) => [preset, CATALOGUE.filter((o) => (o.presets as readonly string[]).includes(preset)).map((o) => o.name)]),
  ) as Record<PresetName, OperationName[]>),
  all: OPERATION_NAMES,
};
