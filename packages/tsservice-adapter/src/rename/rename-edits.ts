import {
  dedupeSpans,
  type FileFailure,
  type FileOffset,
  type RenameInfo,
  type RenameLocations,
  type SourceSpan,
} from '@mcp-lsp-bridge/domain';
import { nameAt } from '@mcp-lsp-bridge/ts-syntax';
import { renamePackageFacts } from '@mcp-lsp-bridge/ts-workspace';
import { fileSpells } from '@mcp-lsp-bridge/workspace';
import type ts from 'typescript';
import { sourceSpanOf } from '../convert/document-spans.js';
import { commonJsUses } from '../navigation/commonjs-uses.js';
import { declarationSpans, relatedProjects, spelledNames, symbolTarget, targetReach } from '../navigation/cross-project.js';
import { joinUnlistedImporters } from '../navigation/unlisted-importers.js';
import type { WorkspaceAccess } from '../project/workspace-access.js';
import { ProgramTexts, renameLocationsIn } from './rename-locations.js';

/** Whether TypeScript can rename what is at `at`, and the name it would rename. */
export function renameInfoAt(ws: WorkspaceAccess, at: FileOffset): RenameInfo {
  const info = ws.projectFor(at.path).ls.getRenameInfo(at.path, at.offset, { allowRenameOfImportPath: false });
  return info.canRename ? { canRename: true, name: info.displayName } : { canRename: false, reason: info.localizedErrorMessage };
}

/**
 * The rename locations of the symbol at `at` in its project and in every project that uses it
 * (a consumer importing the declaring package by name is asked at the declaration in the build
 * output it sees), the texts they were computed from, the files of those projects TypeScript
 * could not read that spell the name (they may use it, and no edit reaches them), which edited
 * files are build output, and the consumer packages that could not be searched. The workspace
 * files no config lists that import a project's file are renamed as the project's own (see
 * `joinUnlistedImporters`); one that could not join is a failure.
 */
export function renameLocationsAt(ws: WorkspaceAccess, at: FileOffset, newName: string): RenameLocations {
  const { files } = ws.ctx;
  const project = ws.projectFor(at.path);
  const target = symbolTarget(project.ts, project.program(), at, (f) => files.realpath(f));
  const span = (entry: ts.DocumentSpan): SourceSpan => sourceSpanOf(files, entry);
  const first = joinUnlistedImporters(ws, project, target, spelledNames(ws.ctx, declarationSpans(target)), new Set());
  let computed = new ProgramTexts(ws.root);
  let edits = renameLocationsIn(project, at, newName, span, computed);
  const names = spelledNames(ws.ctx, edits);
  // Aliases the first answer spells (`export { x as y }`) may be all an importer spells: those join too.
  const more = joinUnlistedImporters(ws, project, target, names, new Set(first.related.map((r) => r.project)));
  if (more.primaryGrew) {
    computed = new ProgramTexts(ws.root);
    edits = renameLocationsIn(project, at, newName, span, computed);
  }
  const program = project.program();
  const reach = targetReach(ws.ctx, ws.root, target);
  const related = relatedProjects(ws.ctx, ws.pool, ws.root, project, target, names, reach);
  const searched = new Set([project, ...related.map((r) => r.project)]);
  related.push(...[...first.related, ...more.related].filter((r) => !searched.has(r.project)));
  // Asked where another project can see the same site (a barrel it imports), that project is asked there too.
  for (const { project: other, anchor } of related) {
    const site = other.program().getSourceFile(at.path) === undefined ? anchor : at;
    edits.push(...renameLocationsIn(other, site, newName, span, computed));
  }
  // The uses of a CommonJS export TypeScript's rename does not reach (see commonJsUses): the name, plainly.
  const commonJs = commonJsUses(ws, project, at);
  for (const use of commonJs.uses) edits.push({ ...use, newText: newName });
  // A consumer whose program sees the declaring package's source (project references) was asked
  // there, so no edit reaches the declaration's place in the build output, which still spells the
  // old name: it is named here, and the domain lists its package to rebuild instead of writing it.
  for (const output of reach?.outputs ?? []) edits.push({ ...output, newText: newName });
  const unique = dedupeSpans(edits);
  const texts = new Map<string, string>();
  for (const edit of unique) {
    // Build output no program of ours holds (it is never written; the simulation shows it renamed) is read from the store.
    const text = computed.byPath.get(edit.path) ?? files.text(edit.path);
    if (text !== undefined) texts.set(edit.path, text);
  }
  const sourceFile = program.getSourceFile(at.path);
  const name = sourceFile === undefined ? undefined : nameAt(project.ts, sourceFile, at.offset)?.text;
  // A file that may require the module but could not be searched: the rename could not reach it.
  const failures = new Map<string, FileFailure>([...commonJs.failures, ...first.failures, ...more.failures].map((f) => [f.path, f]));
  for (const searched of [project, ...related.map((r) => r.project)]) {
    for (const failure of searched.failures()) {
      if (!failures.has(failure.path) && (name === undefined || fileSpells(failure.path, name))) failures.set(failure.path, failure);
    }
  }
  const facts = renamePackageFacts(ws.ctx.workspace, ws.ctx.workspace.view(ws.root), unique, reach, names);
  const inFlux = files.inFlux(ws.root);
  return { edits: unique, texts, failures: [...failures.values()], ...(inFlux.length > 0 ? { inFlux } : {}), ...facts };
}
