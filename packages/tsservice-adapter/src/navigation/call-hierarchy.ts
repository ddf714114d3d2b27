import { mergeCallEdges, type CallEdge, type CallItem, type FileOffset, type SourceSpan } from '@mcp-lsp-bridge/domain';
import path from 'node:path';
import type ts from 'typescript';
import type { Project } from '../project/project.js';
import type { WorkspaceAccess } from '../project/workspace-access.js';
import { declarationSpans, inSource, relatedProjects, spelledNames, symbolTarget } from './cross-project.js';
import { symbolKindOfScriptElement } from '@mcp-lsp-bridge/ts-syntax';

/** The call hierarchy items at `at` (several when it names several callables); empty when nothing there is callable. */
export function callItems(ws: WorkspaceAccess, at: FileOffset): CallItem[] {
  const project = ws.projectFor(at.path);
  const found = project.ls.prepareCallHierarchy(at.path, at.offset);
  if (found === undefined) return [];
  return (Array.isArray(found) ? found : [found]).map((item) => inSourceItem(ws, toCallItem(ws, project, item)));
}

/**
 * A function a consumer package sees in a workspace package's build output (`dist/*.d.ts`) is
 * the item of its source declaration, as the declaring package's project has it: answers never
 * point into build output, and the next level is asked where the function's body is.
 */
function inSourceItem(ws: WorkspaceAccess, item: CallItem): CallItem {
  const [source] = inSource(ws.ctx, ws.root, [{ path: item.path, start: item.nameStart, length: item.nameLength }]);
  if (source === undefined || source.path === item.path) return item;
  const project = ws.projectFor(source.path);
  const found = project.ls.prepareCallHierarchy(source.path, source.start);
  const first = Array.isArray(found) ? found[0] : found;
  return first === undefined ? item : toCallItem(ws, project, first);
}

/**
 * The callers of `item`, from its project and from every other project whose program holds
 * its declaration (a package's dependents), one edge per caller with its call sites merged.
 */
export function incomingCalls(ws: WorkspaceAccess, item: CallItem): CallEdge[] {
  const at = { path: item.path, offset: item.nameStart };
  const project = ws.projectFor(item.path);
  const edges: CallEdge[] = [];
  for (const call of project.ls.provideCallHierarchyIncomingCalls(at.path, at.offset)) edges.push(incomingEdge(ws, project, call));
  // A whole file (or module body) is only ever a caller, never called.
  if (item.kind === 'file') return mergeCallEdges(edges);
  const realPath = (file: string): string => ws.ctx.files.realpath(file);
  const target = symbolTarget(project.ts, project.program(), at, realPath);
  const names = spelledNames(ws.ctx, declarationSpans(target)).add(item.name);
  for (const { project: other, anchor } of relatedProjects(ws.ctx, ws.pool, ws.root, project, target, names)) {
    for (const call of other.ls.provideCallHierarchyIncomingCalls(anchor.path, anchor.offset)) edges.push(incomingEdge(ws, other, call));
  }
  return mergeCallEdges(edges);
}

/** What `item` calls, asked of the project that owns its file; the sites are in that file. */
export function outgoingCalls(ws: WorkspaceAccess, item: CallItem): CallEdge[] {
  const project = ws.projectFor(item.path);
  const edges: CallEdge[] = [];
  for (const call of project.ls.provideCallHierarchyOutgoingCalls(item.path, item.nameStart)) {
    edges.push({ item: inSourceItem(ws, toCallItem(ws, project, call.to)), sites: call.fromSpans.map((span) => siteIn(item.path, span)) });
  }
  return mergeCallEdges(edges);
}

function incomingEdge(ws: WorkspaceAccess, project: Project, call: ts.CallHierarchyIncomingCall): CallEdge {
  const from = toCallItem(ws, project, call.from);
  return { item: from, sites: call.fromSpans.map((span) => siteIn(from.path, span)) };
}

/**
 * As typescript-language-server maps an item: a whole file (TypeScript's `script`, or the
 * `module` item of a module file, named at offset 0) is a `file` named by its base name.
 * `project` made the item (its TypeScript's element kinds).
 */
function toCallItem(ws: WorkspaceAccess, project: Project, item: ts.CallHierarchyItem): CallItem {
  const kinds = project.ts.ScriptElementKind;
  const file = item.kind === kinds.scriptElement || (item.kind === kinds.moduleElement && item.selectionSpan.start === 0);
  return {
    name: file ? path.basename(item.file) : item.name,
    kind: file ? 'file' : symbolKindOfScriptElement(item.kind),
    path: ws.ctx.files.realpath(item.file),
    start: item.span.start,
    length: item.span.length,
    nameStart: item.selectionSpan.start,
    nameLength: item.selectionSpan.length,
  };
}

function siteIn(file: string, span: ts.TextSpan): SourceSpan {
  return { path: file, start: span.start, length: span.length };
}
