import type {
  CompletionAnswer,
  CompletionDetail,
  CompletionEntry,
  CompletionKind,
  FileOffset,
  SignatureHelpAnswer,
} from '@mcp-lsp-bridge/domain';
import type { TypeScriptApi } from '@mcp-lsp-bridge/ts-syntax';
import type ts from 'typescript';
import type { WorkspaceAccess } from '../project/workspace-access.js';
import { plainText } from './display-parts.js';

/**
 * Names in scope and members only: auto-import suggestions (every export of every module) would
 * bury them, and their details need the module resolution of an import not written yet.
 */
const PREFERENCES: ts.UserPreferences = { includeCompletionsForModuleExports: false, includeCompletionsWithInsertText: true };

/** What finds an entry again for its details: TypeScript keys them by name and source. */
interface EntryRef {
  readonly name: string;
  readonly source?: string;
}

/** TypeScript's completions at `at`, every entry, kinds as LSP names them. */
export function completionsAt(ws: WorkspaceAccess, at: FileOffset): CompletionAnswer {
  const project = ws.projectFor(at.path);
  const info = project.ls.getCompletionsAtPosition(at.path, at.offset, PREFERENCES);
  if (info === undefined) return { entries: [], incomplete: false };
  const entries = info.entries.map((e): CompletionEntry => ({
    name: e.name,
    kind: completionKind(project.ts, e.kind),
    sortText: e.sortText,
    ...(e.source === undefined ? {} : { source: e.source }),
    ref: JSON.stringify({ name: e.name, ...(e.source === undefined ? {} : { source: e.source }) } satisfies EntryRef),
  }));
  return { entries, incomplete: info.isIncomplete === true };
}

/** TypeScript's details of entries (their signature as quick info prints it, and their documentation). */
export function completionDetailsAt(ws: WorkspaceAccess, at: FileOffset, refs: readonly string[]): (CompletionDetail | undefined)[] {
  const project = ws.projectFor(at.path);
  return refs.map((ref) => {
    const { name, source } = JSON.parse(ref) as EntryRef;
    const details = project.ls.getCompletionEntryDetails(at.path, at.offset, name, undefined, source, PREFERENCES, undefined);
    if (details === undefined) return undefined;
    const documentation = plainText(details.documentation);
    return {
      signature: project.ts.displayPartsToString(details.displayParts),
      ...(documentation === '' ? {} : { documentation }),
    };
  });
}

/** The signatures of the call whose arguments `at` is in; `undefined` outside any call. */
export function signatureHelpAt(ws: WorkspaceAccess, at: FileOffset): SignatureHelpAnswer | undefined {
  const project = ws.projectFor(at.path);
  const help = project.ls.getSignatureHelpItems(at.path, at.offset, { triggerReason: { kind: 'invoked' } });
  if (help === undefined) return undefined;
  const text = (parts: readonly ts.SymbolDisplayPart[]): string => project.ts.displayPartsToString([...parts]);
  const signatures = help.items.map((item) => {
    const parameters = item.parameters.map((p) => ({ label: text(p.displayParts) }));
    const label = `${text(item.prefixDisplayParts)}${parameters.map((p) => p.label).join(text(item.separatorDisplayParts))}${text(item.suffixDisplayParts)}`;
    const documentation = plainText(item.documentation);
    return { label, parameters, ...(documentation === '' ? {} : { documentation }) };
  });
  return { signatures, activeSignature: help.selectedItemIndex, activeParameter: help.argumentIndex };
}

/** TypeScript's `ScriptElementKind`s as LSP's completion kinds, as typescript-language-server maps them (a few more kinds told apart). */
function completionKinds(api: TypeScriptApi): ReadonlyMap<string, CompletionKind> {
  const K = api.ScriptElementKind;
  return new Map<string, CompletionKind>([
    [K.primitiveType, 'keyword'],
    [K.keyword, 'keyword'],
    [K.constElement, 'variable'],
    [K.letElement, 'variable'],
    [K.variableElement, 'variable'],
    [K.localVariableElement, 'variable'],
    [K.alias, 'variable'],
    [K.parameterElement, 'variable'],
    [K.memberVariableElement, 'field'],
    [K.memberGetAccessorElement, 'field'],
    [K.memberSetAccessorElement, 'field'],
    [K.memberAccessorVariableElement, 'field'],
    [K.functionElement, 'function'],
    [K.localFunctionElement, 'function'],
    [K.memberFunctionElement, 'method'],
    [K.constructSignatureElement, 'method'],
    [K.callSignatureElement, 'method'],
    [K.indexSignatureElement, 'method'],
    [K.enumElement, 'enum'],
    [K.enumMemberElement, 'enumMember'],
    [K.moduleElement, 'module'],
    [K.externalModuleName, 'module'],
    [K.classElement, 'class'],
    [K.localClassElement, 'class'],
    [K.typeElement, 'class'],
    [K.interfaceElement, 'interface'],
    [K.warning, 'text'],
    [K.scriptElement, 'file'],
    [K.directory, 'folder'],
    [K.string, 'constant'],
    [K.typeParameterElement, 'typeParameter'],
    [K.constructorImplementationElement, 'constructor'],
  ]);
}

/** The kind of a completion entry: LSP's `property` for those TypeScript names no other way (as typescript-language-server does). */
function completionKind(api: TypeScriptApi, kind: string): CompletionKind {
  let kinds = KINDS.get(api);
  if (kinds === undefined) {
    kinds = completionKinds(api);
    KINDS.set(api, kinds);
  }
  return kinds.get(kind) ?? 'property';
}

const KINDS = new WeakMap<TypeScriptApi, ReadonlyMap<string, CompletionKind>>();
