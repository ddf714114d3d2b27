import { toolError, type ToolError } from '../errors/bridge-error.js';
import { OUTSIDE_BUILD_CAUSES, serverRefusedRenameResolution } from '../rules/server-failures.js';
import { ErrorCode } from '../errors/error-codes.js';
import type { RenameSymbolInput } from '../model/inputs.js';
import type { FileModification, RenameSymbolResult } from '../model/results.js';
import type { Signal } from '../model/signal.js';
import type { FileChange } from '../ports/file-writer.js';
import type { FileOffset, QueryScope, SourceSpan, UnreachedPackage } from '../ports/symbol-index.js';
import { checkNewName } from '../rules/identifiers.js';
import { compareStrings } from '../rules/ordering.js';
import { displayPath, isInsideRoot, isWorkspaceSource } from '../rules/paths.js';
import type { RenameConflict } from '../rules/rename-conflicts.js';
import { publicApiChanges } from '../rules/public-api.js';
import { renameReach } from '../rules/rename-reach.js';
import { quoted } from '../rules/brief-text.js';
import { applyEdits } from '../rules/text-edits.js';
import { onePerFile } from '../rules/linked-files.js';
import { oneFileTwoNames } from '../errors/write-failures.js';
import { guard } from './guard.js';
import type { BridgePorts } from './ports.js';
import { resolvePositionQuery } from './resolve-address.js';
import { fileChanged, planRename, type RenamePlan } from './rename-plan.js';
import { groupByFile, simulateRename } from './rename-simulation.js';
import type { SymbolTarget } from './resolve-target.js';
import { SourceTexts } from './source-texts.js';
import { plannedAfresh } from './write-attempts.js';
import { FIND_REFERENCES, RENAME_SYMBOL } from '../catalogue/operation-names.js';

/**
 * FS-001.3: renames the symbol at a position in every file of the workspace, on disk,
 * all files or none. Refuses invalid names, symbols declared outside the workspace or in
 * dependencies, files that may use the symbol but could not be read, and renames that change
 * what the code means (the domain's conflict rule, from the service's answers). A file that
 * changed before the rename could be written makes it plan again (`plannedAfresh`).
 */
export function renameSymbol(ports: BridgePorts, input: RenameSymbolInput, signal: Signal): Promise<RenameSymbolResult | ToolError> {
  return plannedAfresh(() => renameOnce(ports, input, signal));
}

function renameOnce(ports: BridgePorts, input: RenameSymbolInput, signal: Signal): Promise<RenameSymbolResult | ToolError> {
  return guard(signal, async () => {
    const query = await resolvePositionQuery(ports, input, signal);
    if ('success' in query) return query;
    const { root, scope, target } = query;
    const at = { path: target.path, offset: target.identifier.start };
    const oldName = target.identifier.text;

    const name = checkNewName(input.newName, oldName, ports.languages?.nameRules?.(root, target.path));
    if (!name.valid) return toolError(ErrorCode.INVALID_NEW_NAME, `Cannot rename "${oldName}" to ${quoted(input.newName)}: ${name.reason}`);
    if (input.newName === oldName) {
      return toolError(ErrorCode.INVALID_NEW_NAME, `"${oldName}" already has that name`, 'Pass a newName different from the current name.');
    }

    const info = await ports.symbols.renameInfo(scope, at);
    if (!info.canRename) {
      const resolution = info.refusedBy === undefined ? undefined : serverRefusedRenameResolution(info.refusedBy);
      return toolError(ErrorCode.SYMBOL_NOT_RENAMEABLE, `Cannot rename "${oldName}": ${info.reason}`, resolution);
    }
    const foreign = (await ports.symbols.definitions(scope, at)).find((d) => !isWorkspaceSource(root, d.path));
    if (foreign !== undefined) {
      return toolError(
        ErrorCode.SYMBOL_NOT_RENAMEABLE,
        `Cannot rename "${oldName}": it is declared in ${displayPath(root, foreign.path)}, which is ${describeForeign(root, foreign)}`,
        'Rename only symbols declared in your own source files; to rename a local alias of an imported name, use an import alias ("import { a as b }").',
      );
    }

    const planned = await planRename(ports, scope, at, oldName, input.newName);
    if ('success' in planned) return planned;
    if (planned.failures.length > 0) return unprocessed(root, oldName, planned);
    if (planned.unresolved.length > 0) return hiddenUses(ports, scope, oldName, input.newName, planned.unresolved, 'unresolved');
    if (planned.outsideBuild.length > 0) return hiddenUses(ports, scope, oldName, input.newName, planned.outsideBuild, 'outside-build');
    const reach = renameReach(planned.edits, planned.buildOutputs, planned.unreached);
    if (!reach.complete) return unreachedPackages(root, oldName, reach.unreached);
    const plan: RenamePlan = {
      ...planned,
      edits: reach.edits,
      texts: new Map([...planned.texts].filter(([p]) => reach.edits.some((e) => e.path === p))),
    };
    if (plan.edits.length === 0) {
      return toolError(ErrorCode.LANGUAGE_SERVER_ERROR, `The language service found nothing to rename for "${oldName}"`);
    }
    const outside = [...new Set(plan.edits.filter((e) => !isWorkspaceSource(root, e.path)).map((e) => displayPath(root, e.path)))];
    if (outside.length > 0) {
      return toolError(
        ErrorCode.PATH_OUTSIDE_WORKSPACE,
        `Renaming "${oldName}" would change files outside the workspace or in dependencies: ${outside.join(', ')}. Nothing was changed.`,
        'Call again with a workspaceRoot that contains every file using the symbol.',
      );
    }

    // The simulation sees build output as its rebuild will make it: renamed with the source it comes from.
    const { conflicts, inFlux } = await simulateRename(ports, scope, planned, input.newName);
    // A file another program was writing as the check ran (seen empty) may use the symbol once written: planned again.
    const writing = inFlux[0];
    if (writing !== undefined) return fileChanged(scope, writing);
    if (conflicts.length > 0) {
      // A file edited or created meanwhile makes the simulation's answers meaningless: say so, not "conflict".
      const changed =
        (await changedSince(ports, scope, plan)) ?? (await reachedSince(ports, scope, at, oldName, input.newName, plan, conflicts));
      if (changed !== undefined) return fileChanged(scope, changed);
      return conflictError(ports, scope, target, input.newName, conflicts);
    }
    const result = await renameResult(ports, scope, oldName, input.newName, plan, input.dryRun === true);
    if (!('success' in result && result.success)) return result;
    const publicApi = publicApiChanges(root, planned.publicExports, oldName, input.newName);
    return {
      ...result,
      ...(reach.rebuild.length > 0 ? { rebuild: reach.rebuild.map((o) => o.packageName ?? displayPath(root, o.packageDir)) } : {}),
      ...(publicApi.length > 0 ? { publicApi } : {}),
    };
  });
}

function describeForeign(root: string, span: SourceSpan): string {
  return isInsideRoot(root, span.path) ? 'a dependency (node_modules)' : 'outside the workspace';
}

function unreachedPackages(root: string, oldName: string, unreached: readonly UnreachedPackage[]): ToolError {
  const shown = unreached.map(
    (u) => `${displayPath(root, u.packageDir)}${u.packageName === undefined ? '' : ` (${u.packageName})`}: ${u.reason}`,
  );
  return toolError(
    ErrorCode.RENAME_CONFLICT,
    `Cannot rename "${oldName}" in every package that may use it; these could not be searched: ${shown.join('; ')}. Nothing was changed.`,
    'Build the declaring package so its build output maps to its source (declarationMap: true in the tsconfig that emits its .d.ts files, then its build), or make its exports resolve to its source (paths, a source condition), then retry; or rename by hand in those packages.',
  );
}

function unprocessed(root: string, oldName: string, plan: RenamePlan): ToolError {
  const shown = plan.failures.slice(0, 10).map((f) => `${displayPath(root, f.path)} (${f.reason})`);
  const more = plan.failures.length > shown.length ? ` and ${plan.failures.length - shown.length} more` : '';
  return toolError(
    ErrorCode.FILE_UNREADABLE,
    `Cannot rename "${oldName}": ${shown.join(', ')}${more} may use it but could not be processed, so the rename could not reach them. Nothing was changed.`,
    'Make the file readable source text (or raise LSP_BRIDGE_MAX_FILE_BYTES for a large one), or rename it by hand there, then retry.',
  );
}

/**
 * Names spelled like the symbol where the rename does not reach and the language server cannot
 * tell what they refer to: names it cannot resolve (`unresolved`: uses it cannot see), or names in
 * files its build leaves out (`outside-build`: a build constraint, `x_windows.go`, `//go:build
 * go1.21`, in its package or one importing it, where a use left behind breaks that build though the
 * server's own stays green). The rename is refused while any of them spells the old name, so what
 * to do comes before the retry: a use renamed by hand to the new name, another symbol's name
 * changed (tenacity: a test's `retry_state.attempt_number` on an untyped value, a function's own
 * `attempt_number` attribute).
 */
async function hiddenUses(
  ports: BridgePorts,
  scope: QueryScope,
  oldName: string,
  newName: string,
  spans: readonly SourceSpan[],
  why: 'unresolved' | 'outside-build',
): Promise<ToolError> {
  const where =
    why === 'unresolved'
      ? 'spell it where the rename does not reach, and the language server cannot tell what they refer to, so they may be uses it would leave behind'
      : `spell it in files that the language server's build leaves out (${OUTSIDE_BUILD_CAUSES}), so it cannot tell whether they use it; a rename leaving uses there behind would break that build`;
  const how =
    why === 'unresolved'
      ? ' (or make it resolvable: an import or a type annotation the server can follow)'
      : ' (a declaration of the same name for another build, too)';
  return toolError(
    ErrorCode.RENAME_CONFLICT,
    `Cannot rename "${oldName}" safely: ${await places(ports, scope, spans)} ${where}. Nothing was changed.`,
    `Check those places, then retry: the rename goes ahead once none of them spells "${oldName}". Rename by hand to "${newName}" each that uses the symbol${how}, and give each that names something else a name of its own.`,
  );
}

/** Up to ten places, each with its line and code, and how many more. */
async function places(ports: BridgePorts, scope: QueryScope, spans: readonly SourceSpan[]): Promise<string> {
  const texts = new SourceTexts(ports.symbols, scope);
  const shown: string[] = [];
  for (const span of spans.slice(0, 10)) {
    const placed = await texts.place(span);
    const file = displayPath(scope.workspaceRoot, span.path);
    shown.push(placed === undefined ? file : `${file}:${placed.start.line}:${placed.start.column} (${placed.codeSnippet.trim()})`);
  }
  return `${shown.join('; ')}${spans.length > shown.length ? ` and ${spans.length - shown.length} more` : ''}`;
}

/** The first edited file whose text is no longer the one the rename was computed from. */
async function changedSince(ports: BridgePorts, scope: QueryScope, plan: RenamePlan): Promise<string | undefined> {
  for (const [path, text] of plan.texts) if ((await ports.symbols.sourceText(scope, path)) !== text) return path;
  return undefined;
}

/**
 * A conflict in a file the rename does not edit may come from a file created or edited since
 * the rename was planned (an editor saving, another agent writing: the simulation saw the disk
 * as it is now, the plan as it was). The plan made again: the first of those files it now
 * edits (the rename is stale, and planned afresh), or none (the conflict stands). Only those
 * files are compared: a server's answers may differ in other ways after a simulation.
 */
async function reachedSince(
  ports: BridgePorts,
  scope: QueryScope,
  at: FileOffset,
  oldName: string,
  newName: string,
  plan: RenamePlan,
  conflicts: readonly RenameConflict[],
): Promise<string | undefined> {
  const elsewhere = new Set(conflicts.map((c) => c.path).filter((path) => !plan.texts.has(path)));
  if (elsewhere.size === 0) return undefined;
  const again = await planRename(ports, scope, at, oldName, newName);
  if ('success' in again) return undefined;
  return again.edits.find((edit) => elsewhere.has(edit.path))?.path;
}

async function conflictError(
  ports: BridgePorts,
  scope: QueryScope,
  target: SymbolTarget,
  newName: string,
  conflicts: readonly RenameConflict[],
): Promise<ToolError> {
  const texts = new SourceTexts(ports.symbols, scope);
  const shown: string[] = [];
  for (const conflict of conflicts.slice(0, 10)) {
    const placed = await texts.place({ path: conflict.path, start: conflict.start, length: 0 });
    const where = placed
      ? `${displayPath(scope.workspaceRoot, conflict.path)}:${placed.start.line}:${placed.start.column}`
      : displayPath(scope.workspaceRoot, conflict.path);
    shown.push(`${where} ${conflict.description}`);
  }
  const more = conflicts.length > shown.length ? ` (and ${conflicts.length - shown.length} more)` : '';
  return toolError(
    ErrorCode.RENAME_CONFLICT,
    `Renaming "${target.identifier.text}" to "${newName}" conflicts with existing symbols: ${shown.join('; ')}${more}. Nothing was changed.`,
    conflicts.every((c) => c.addsError === true)
      ? `If an error says "${newName}" is taken, choose a different name (for example "${newName}2"). If it comes from code the rename does not change (an implementation that must keep matching its interface, a use through an untyped value, a method the language calls by its name such as __call__), another name would fail the same way: rename that code by hand along with the symbol (${FIND_REFERENCES} lists the uses), or keep the name.`
      : `Choose a different name that doesn't conflict with existing symbols in scope (for example "${newName}2"), or rename the conflicting symbol first.`,
  );
}

/** Applies the edits to the exact texts they were computed from, then writes them (unless a dry run). */
async function renameResult(
  ports: BridgePorts,
  scope: QueryScope,
  oldName: string,
  newName: string,
  plan: RenamePlan,
  dryRun: boolean,
): Promise<RenameSymbolResult | ToolError> {
  const planned: (FileChange & { readonly modification: FileModification })[] = [];
  for (const [path, fileEdits] of groupByFile(plan.edits)) {
    const text = plan.texts.get(path);
    const file = displayPath(scope.workspaceRoot, path);
    if (text === undefined) return toolError(ErrorCode.FILE_UNREADABLE, `Cannot read ${file} to rename in it. Nothing was changed.`);
    const applied = applyEdits(text, fileEdits);
    if (!applied.ok) {
      return toolError(
        ErrorCode.FILE_CHANGED,
        `The edits computed for ${file} do not fit its text (${applied.reason}). Nothing was changed.`,
        `Call ${RENAME_SYMBOL} again.`,
      );
    }
    const changeCount = new Set(fileEdits.map((e) => e.start)).size;
    planned.push({
      path,
      expectedText: text,
      newText: applied.text,
      modification: { filePath: file, changeCount, changes: applied.lineChanges },
    });
  }
  const real = new Map<string, string>();
  for (const change of planned) real.set(change.path, (await ports.files.realPath(change.path, scope.signal)) ?? change.path);
  const linked = onePerFile(planned, (path) => real.get(path) ?? path);
  if (!linked.ok) {
    return {
      success: false,
      error: oneFileTwoNames(displayPath(scope.workspaceRoot, linked.first), displayPath(scope.workspaceRoot, linked.second)),
    };
  }
  const changes: FileChange[] = linked.changes.map(({ path, expectedText, newText }) => ({ path, expectedText, newText }));
  const filesModified = linked.changes.map((change) => change.modification);
  if (!dryRun) await ports.writer.writeAll(scope.workspaceRoot, changes, scope.signal);
  filesModified.sort((a, b) => compareStrings(a.filePath, b.filePath));
  const totalChanges = filesModified.reduce((sum, f) => sum + f.changeCount, 0);
  return { success: true, oldName, newName, filesModified, totalChanges, applied: !dryRun };
}
