import type { ToolError } from '../errors/bridge-error.js';
import type { GetDiagnosticsInput } from '../model/inputs.js';
import type { GetDiagnosticsResult } from '../model/results.js';
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
import { defineOperation, signalled, PRESET_NAMES, type AnyOperation, type PresetName, type Runner } from './operation.js';

/**
 * Every operation of the bridge, in the order an MCP client lists the tools. Adding an
 * operation here gives it a library method, a background-server operation and a place in
 * the presets; its MCP tool and CLI command are the two surfaces to add beside it. Each
 * use-case is named by a dynamic import (`load`), so reading the catalogue loads none.
 */
export const CATALOGUE = [
  defineOperation({
    name: FIND_REFERENCES,
    method: 'findReferences',
    writes: false,
    presets: ['default', 'core', 'navigation'],
    load: () => import('../use-cases/find-references.js').then((m) => signalled(m.findReferences)),
  }),
  defineOperation({
    name: GO_TO_DEFINITION,
    method: 'goToDefinition',
    writes: false,
    presets: ['default', 'core', 'navigation'],
    load: () => import('../use-cases/go-to-definition.js').then((m) => signalled(m.goToDefinition)),
  }),
  defineOperation({
    name: GO_TO_TYPE_DEFINITION,
    method: 'goToTypeDefinition',
    writes: false,
    presets: ['navigation'],
    load: () => import('../use-cases/go-to-type-definition.js').then((m) => signalled(m.goToTypeDefinition)),
  }),
  defineOperation({
    name: COMPLETION,
    method: 'completion',
    writes: false,
    presets: ['navigation'],
    load: () => import('../use-cases/completion.js').then((m) => signalled(m.completion)),
  }),
  defineOperation({
    name: RENAME_SYMBOL,
    method: 'renameSymbol',
    writes: true,
    presets: ['default', 'core', 'edit'],
    load: () => import('../use-cases/rename-symbol.js').then((m) => signalled(m.renameSymbol)),
  }),
  defineOperation({
    name: GET_DIAGNOSTICS,
    method: 'getDiagnostics',
    writes: false,
    presets: ['default', 'core', 'edit'],
    load: () =>
      import('../use-cases/get-diagnostics.js').then(
        ({ getDiagnostics }): Runner<GetDiagnosticsInput, GetDiagnosticsResult> =>
          (ports, input, { signal, onProgress }) =>
            getDiagnostics(ports, input, signal, onProgress === undefined ? {} : { onProgress }),
      ),
  }),
  defineOperation({
    name: CHECK_EDITS,
    method: 'checkEdits',
    writes: true,
    presets: ['default', 'edit'],
    load: () => import('../use-cases/check-edits.js').then((m) => signalled(m.checkEdits)),
  }),
  defineOperation({
    name: HOVER,
    method: 'hover',
    writes: false,
    presets: ['default', 'navigation'],
    load: () => import('../use-cases/hover.js').then((m) => signalled(m.hover)),
  }),
  defineOperation({
    name: DOCUMENT_SYMBOLS,
    method: 'documentSymbols',
    writes: false,
    presets: ['default', 'navigation'],
    load: () => import('../use-cases/document-symbols.js').then((m) => signalled(m.documentSymbols)),
  }),
  defineOperation({
    name: WORKSPACE_SYMBOLS,
    method: 'workspaceSymbols',
    writes: false,
    presets: ['default', 'navigation'],
    load: () => import('../use-cases/workspace-symbols.js').then((m) => signalled(m.workspaceSymbols)),
  }),
  defineOperation({
    name: FIND_IMPLEMENTATIONS,
    method: 'findImplementations',
    writes: false,
    presets: ['navigation'],
    load: () => import('../use-cases/find-implementations.js').then((m) => signalled(m.findImplementations)),
  }),
  defineOperation({
    name: CALL_HIERARCHY,
    method: 'callHierarchy',
    writes: false,
    presets: ['navigation'],
    load: () => import('../use-cases/call-hierarchy.js').then((m) => signalled(m.callHierarchy)),
  }),
  defineOperation({
    name: TYPE_HIERARCHY,
    method: 'typeHierarchy',
    writes: false,
    presets: ['navigation'],
    load: () => import('../use-cases/type-hierarchy.js').then((m) => signalled(m.typeHierarchy)),
  }),
  defineOperation({
    name: IMPACT,
    method: 'impact',
    writes: false,
    presets: ['default', 'navigation'],
    load: () => import('../use-cases/impact.js').then((m) => signalled(m.impact)),
  }),
  defineOperation({
    name: SAFE_DELETE,
    method: 'safeDelete',
    writes: true,
    presets: ['edit'],
    load: () => import('../use-cases/safe-delete.js').then((m) => signalled(m.safeDelete)),
  }),
  defineOperation({
    name: REPLACE_SYMBOL_BODY,
    method: 'replaceSymbolBody',
    writes: true,
    presets: ['default', 'edit'],
    load: () => import('../use-cases/replace-symbol-body.js').then((m) => signalled(m.replaceSymbolBody)),
  }),
  defineOperation({
    name: CODE_ACTIONS,
    method: 'codeActions',
    writes: true,
    presets: ['edit'],
    load: () => import('../use-cases/code-actions.js').then((m) => signalled(m.codeActions)),
  }),
  defineOperation({
    name: FORMAT_FILE,
    method: 'formatFile',
    writes: true,
    presets: ['edit'],
    load: () => import('../use-cases/format-file.js').then((m) => signalled(m.formatFile)),
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
