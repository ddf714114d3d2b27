import type { FileOffset, TypeItem } from '@mcp-lsp-bridge/domain';
import { subtypesOf, supertypesOf, typeItemsAt, type TypeHierarchyFacts } from '@mcp-lsp-bridge/ts-workspace';
import type { WorkspaceAccess } from '../project/workspace-access.js';
import { definitionsAt } from './definitions.js';
import { referencesAt } from './references.js';

/**
 * The type hierarchy from the LanguageService's definitions and references (the checker's:
 * aliases, imports, every project of the workspace and the declaring package's build output
 * followed, as `findReferences` and `goToDefinition` do), read with the syntax of heritage
 * clauses; built as the LSP backend builds it (ts-workspace's `type-hierarchy.ts`).
 */
function facts(ws: WorkspaceAccess): TypeHierarchyFacts {
  return {
    syntaxOf: (path) => ws.ctx.workspace.syntaxOf(path),
    definitions: (at) => Promise.resolve(definitionsAt(ws, at)),
    references: (at) => Promise.resolve(referencesAt(ws, at).references),
  };
}

export function typeItems(ws: WorkspaceAccess, at: FileOffset): Promise<TypeItem[]> {
  return typeItemsAt(facts(ws), at);
}

export function supertypes(ws: WorkspaceAccess, item: TypeItem): Promise<TypeItem[]> {
  return supertypesOf(facts(ws), item);
}

export function subtypes(ws: WorkspaceAccess, item: TypeItem): Promise<TypeItem[]> {
  return subtypesOf(facts(ws), item);
}
