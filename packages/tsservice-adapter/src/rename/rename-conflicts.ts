import { EditMap, LineIndex, displayPath, type RenameConflict, type TextEdit } from '@mcp-lsp-bridge/domain';
import path from 'node:path';
import ts from 'typescript';
import { nameAt, namesSpelled } from '@mcp-lsp-bridge/ts-syntax';
import { isWorkspaceFile } from '@mcp-lsp-bridge/ts-workspace';
import type { AdapterContext } from '../adapter-context.js';
import type { Project } from '../project/project.js';
import { intersects, isDeclarationName, referredDeclarations, sameKeys, type Referred } from './symbol-keys.js';
import { errorDiagnostics, exportStarDependents, newErrors } from './rename-diagnostics.js';

export interface ConflictScope {
  readonly ctx: AdapterContext;
  readonly root: string;
  /** The synced project that owns a file. */
  readonly projectFor: (file: string) => Project;
}

/**
 * Decides conflicts by simulation, with the type checker: the edits are applied in memory
 * (an overlay over the project's host) and the program before is compared with the
 * program after. Three checks, each on declarations keyed by position:
 * 1. every edited name must still refer to what it referred to (else a declaration of the
 *    new name shadows it), and must not pick up declarations that were not part of the
 *    renamed symbol (a duplicate that merges: `interface`, `var`, class members);
 * 2. every existing name spelled like the new name must still refer to the same thing
 *    (else the renamed symbol captures it);
 * 3. the edited files (and barrels that `export *` them) must not gain errors
 *    (duplicate identifiers, redeclarations, ambiguous re-exports).
 * Shadowing a global is fine as long as nothing that used the global changes meaning.
 * Files owned by other projects are checked in those projects.
 */
export function renameConflicts(scope: ConflictScope, newName: string, edits: readonly TextEdit[]): RenameConflict[] {
  const maps = new Map<string, EditMap>();
  for (const [file, fileEdits] of groupByFile(edits)) maps.set(file, new EditMap(fileEdits));
  const overlay = new Map<string, string>();
  for (const [file, map] of maps) {
    const text = scope.ctx.files.text(file);
    if (text !== undefined) overlay.set(file, map.apply(text));
  }
  // Each edited file is checked in the project that owns it, with that project's options.
  const owners = new Map<string, { project: Project; files: string[] }>();
  for (const file of overlay.keys()) {
    const project = scope.projectFor(file);
    const group = owners.get(project.key) ?? { project, files: [] };
    group.files.push(file);
    owners.set(project.key, group);
  }
  const conflicts = new Map<string, RenameConflict>();
  for (const { project, files } of owners.values()) {
    for (const conflict of simulate(scope, project, files, maps, overlay, newName)) {
      const key = `${conflict.path}\0${conflict.start}`;
      if (!conflicts.has(key)) conflicts.set(key, conflict);
    }
  }
  return [...conflicts.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.start - b.start));
}

function simulate(
  scope: ConflictScope,
  project: Project,
  files: readonly string[],
  maps: ReadonlyMap<string, EditMap>,
  overlay: ReadonlyMap<string, string>,
  newName: string,
): RenameConflict[] {
  if (files.length === 0) return [];
  const before = project.program();
  const checker = before.getTypeChecker();
  const locations: { file: string; edit: TextEdit; offset: number; keys: Referred }[] = [];
  const bystanders: { file: string; start: number; offset: number; declaration: boolean; keys: Referred }[] = [];
  const renamed = new Set<string>();
  for (const file of files) {
    const sourceFile = before.getSourceFile(file);
    const map = maps.get(file);
    if (sourceFile === undefined || map === undefined) continue;
    for (const edit of map.edits) {
      const keys = referredDeclarations(checker, nameAt(sourceFile, edit.start), maps);
      for (const key of keys.keys()) renamed.add(key);
      locations.push({ file, edit, offset: map.toNew(edit.start) + EditMap.nameOffset(edit, newName), keys });
    }
    for (const node of namesSpelled(sourceFile, newName)) {
      const start = node.getStart(sourceFile);
      const keys = referredDeclarations(checker, node, maps);
      bystanders.push({ file, start, offset: map.toNew(start), declaration: isDeclarationName(node), keys });
    }
  }
  const checkedFiles = [
    ...files,
    ...exportStarDependents(before, files, (file) => isWorkspaceFile(scope.root, scope.ctx.files.realpath(file))),
  ];
  const errorsBefore = new Map(checkedFiles.map((file) => [file, errorDiagnostics(project.ls, file)]));
  const where = (place: { file: string; nameOffset: number }): string => describePlace(scope, maps, place);

  return project.withOverlay(overlay, () => {
    const after = project.program();
    const checkerAfter = after.getTypeChecker();
    const semantic: RenameConflict[] = [];
    const report = (list: RenameConflict[], file: string, start: number, description: string): void => {
      list.push({ path: scope.ctx.files.realpath(file), start, description });
    };
    for (const location of locations) {
      const sourceFile = after.getSourceFile(location.file);
      if (sourceFile === undefined) continue;
      const keys = referredDeclarations(checkerAfter, nameAt(sourceFile, location.offset), undefined);
      if (location.keys.size === 0 || keys.size === 0) continue;
      const foreign = [...keys].filter(([key]) => !renamed.has(key)).map(([, place]) => place);
      if (!intersects(location.keys, keys)) {
        const target = foreign[0] ?? [...keys.values()][0];
        const description =
          target === undefined
            ? `this reference would resolve to another "${newName}"`
            : `this reference would resolve to "${newName}" declared at ${where(target)}`;
        report(semantic, location.file, location.edit.start, description);
        continue;
      }
      // Still the renamed symbol, but with declarations it did not have: it merged with an existing one.
      for (const { file, nameOffset } of foreign) {
        report(semantic, file, maps.get(file)?.toOld(nameOffset) ?? nameOffset, `"${newName}" is already declared here`);
      }
    }
    for (const bystander of bystanders) {
      const sourceFile = after.getSourceFile(bystander.file);
      if (sourceFile === undefined) continue;
      const keys = referredDeclarations(checkerAfter, nameAt(sourceFile, bystander.offset), undefined);
      if (sameKeys(bystander.keys, keys)) continue;
      const was = [...bystander.keys.values()][0];
      const description = bystander.declaration
        ? `"${newName}" is already declared here`
        : [...keys.keys()].some((key) => renamed.has(key))
          ? `this reference to "${newName}"${was === undefined ? '' : ` (declared at ${where(was)})`} would resolve to the renamed symbol`
          : `this reference to "${newName}" would change meaning`;
      report(semantic, bystander.file, bystander.start, description);
    }
    // New errors are the safety net; when the checks above found the cause, its consequences are noise.
    if (semantic.length > 0) return semantic;
    const errors: RenameConflict[] = [];
    for (const file of checkedFiles) {
      const map = maps.get(file);
      for (const diagnostic of newErrors(errorsBefore.get(file) ?? [], errorDiagnostics(project.ls, file), map)) {
        const start = map?.toOld(diagnostic.start ?? 0) ?? diagnostic.start ?? 0;
        const inEdit = map?.edits.some((edit) => edit.start === start) ?? false;
        report(errors, file, start, describeDiagnostic(diagnostic, newName, inEdit));
      }
    }
    return errors;
  });
}

const TS_LIB_DIR = path.dirname(ts.getDefaultLibFilePath({}));

const DUPLICATE_CODES = new Set([2300, 2308, 2323, 2393, 2395, 2440, 2451, 2528, 2567, 2687, 2717, 2813, 2814]);

function describeDiagnostic(diagnostic: ts.Diagnostic, newName: string, atEdit: boolean): string {
  const text = `TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`;
  if (!DUPLICATE_CODES.has(diagnostic.code)) return `the rename would cause error ${text}`;
  return atEdit
    ? `the renamed declaration would clash with another "${newName}" (${text})`
    : `"${newName}" is already declared here (${text})`;
}

function describePlace(scope: ConflictScope, maps: ReadonlyMap<string, EditMap>, place: { file: string; nameOffset: number }): string {
  const { file, nameOffset: offset } = place;
  const real = scope.ctx.files.realpath(file);
  if (path.dirname(real) === TS_LIB_DIR) return `${path.basename(real)} (a global of the TypeScript library)`;
  const text = scope.ctx.files.text(file);
  if (text === undefined) return displayPath(scope.root, real);
  const position = new LineIndex(text).positionOf(maps.get(file)?.toOld(offset) ?? offset);
  return `${displayPath(scope.root, real)}:${position.line}:${position.column}`;
}

function groupByFile(edits: readonly TextEdit[]): Map<string, TextEdit[]> {
  const byFile = new Map<string, TextEdit[]>();
  for (const edit of edits) {
    const list = byFile.get(edit.path) ?? [];
    list.push(edit);
    byFile.set(edit.path, list);
  }
  return byFile;
}
