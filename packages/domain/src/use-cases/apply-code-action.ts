import { toolError, type ToolError } from '../errors/bridge-error.js';
import { ErrorCode } from '../errors/error-codes.js';
import type { CodeActionApplied, CodeActionsInput } from '../model/code-actions.js';
import type { DiagnosticItem, FileModification } from '../model/results.js';
import type { Signal } from '../model/signal.js';
import type { FileChange } from '../ports/file-writer.js';
import type { DiagnosticRecord, QueryScope } from '../ports/symbol-index.js';
import { decodeActionId, textHash } from '../rules/action-ids.js';
import { quoted } from '../rules/brief-text.js';
import { diagnosticCode } from '../rules/code-action-kinds.js';
import { introducedBy } from '../rules/diagnostic-delta.js';
import { compareLocations, compareStrings } from '../rules/ordering.js';
import { displayPath, isWorkspaceSource } from '../rules/paths.js';
import { applyEdits } from '../rules/text-edits.js';
import { LineIndex } from '../rules/text-positions.js';
import { settingsFor } from './format-file.js';
import { diagnosticItem } from './get-diagnostics.js';
import type { BridgePorts } from './ports.js';
import { groupByFile } from './rename-simulation.js';
import { resolveSourceFile, resolveWorkspace, unreadableSource } from './resolve-target.js';
import { SourceTexts } from './source-texts.js';
import { CODE_ACTIONS } from '../catalogue/operation-names.js';

const AGAIN = `Call ${CODE_ACTIONS} again for the file as it is now, and apply one of the ids it lists.`;

/**
 * Applies one listed action: computed again from what its id encodes, refused if its file
 * changed since it was listed; its new texts are checked by the compiler or server in memory
 * (the errors it adds or removes), then written all-or-nothing (unless a dry run).
 */
export async function applyCodeAction(
  ports: BridgePorts,
  input: CodeActionsInput,
  actionId: string,
  signal: Signal,
): Promise<CodeActionApplied | ToolError> {
  const address = decodeActionId(actionId);
  if (address === undefined) {
    return toolError(
      ErrorCode.INVALID_INPUT,
      `actionId ${quoted(actionId)} is not an id ${CODE_ACTIONS} gave`,
      `Pass an id exactly as listed. ${AGAIN}`,
    );
  }
  const extra = (['line', 'column', 'endLine', 'code', 'kind'] as const).filter((field) => input[field] !== undefined);
  if (extra.length > 0) {
    return toolError(
      ErrorCode.INVALID_INPUT,
      `actionId already names the file, place and kind of its action; ${extra.join(', ')} cannot be given with it`,
      'Pass actionId alone (with workspaceRoot, and dryRun to preview).',
    );
  }
  const root = await resolveWorkspace(ports.files, input.workspaceRoot, signal);
  if (typeof root !== 'string') return root;
  const path = await resolveSourceFile(ports, root, address.file, signal);
  if (typeof path !== 'string') return path;
  if (input.filePath !== undefined && (await resolveSourceFile(ports, root, input.filePath, signal)) !== path) {
    return toolError(
      ErrorCode.INVALID_INPUT,
      `actionId is an action of ${address.file}, not of ${quoted(input.filePath)}`,
      'Pass actionId alone.',
    );
  }
  const scope: QueryScope = { workspaceRoot: root, signal };
  const text = await ports.symbols.sourceText(scope, path);
  if (text === undefined) return unreadableSource(ports.files, scope, path);
  if (textHash(text) !== address.hash || address.end > text.length) return changedSinceListed(address.file);

  const query = {
    path,
    start: address.start,
    end: address.end,
    kinds: address.kinds,
    code: address.code === undefined ? undefined : diagnosticCode(address.code),
    settings: await settingsFor(ports, path, text, signal),
  };
  const action = await ports.symbols.codeActionEdits(scope, query, address.ref);
  if (action === undefined) {
    return toolError(
      ErrorCode.FILE_CHANGED,
      `The action is no longer offered in ${address.file}: a file it depends on changed since it was listed. Nothing was changed.`,
      AGAIN,
    );
  }
  const computedFrom = action.texts.get(path);
  if (computedFrom !== undefined && textHash(computedFrom) !== address.hash) return changedSinceListed(address.file);
  if (action.creates !== undefined && action.creates.length > 0) {
    return toolError(
      ErrorCode.INVALID_INPUT,
      `"${action.title}" creates files (${action.creates.map((p) => displayPath(root, p)).join(', ')}), which ${CODE_ACTIONS} does not do. Nothing was changed.`,
      'Choose another action, or create the file first.',
    );
  }
  const outside = [...new Set(action.edits.filter((e) => !isWorkspaceSource(root, e.path)).map((e) => displayPath(root, e.path)))];
  if (outside.length > 0) {
    return toolError(
      ErrorCode.PATH_OUTSIDE_WORKSPACE,
      `"${action.title}" would change files outside the workspace or in dependencies: ${outside.join(', ')}. Nothing was changed.`,
      'Choose another action, or call again with a workspaceRoot that contains those files.',
    );
  }

  const changes: FileChange[] = [];
  const filesModified: FileModification[] = [];
  for (const [file, edits] of groupByFile(action.edits)) {
    const before = action.texts.get(file);
    const shown = displayPath(root, file);
    if (before === undefined)
      return toolError(ErrorCode.FILE_UNREADABLE, `Cannot read ${shown} to apply "${action.title}" to it. Nothing was changed.`);
    const applied = applyEdits(before, edits);
    if (!applied.ok) {
      return toolError(
        ErrorCode.FILE_CHANGED,
        `The edits of "${action.title}" do not fit ${shown} (${applied.reason}). Nothing was changed.`,
        AGAIN,
      );
    }
    if (applied.text === before) continue;
    changes.push({ path: file, expectedText: before, newText: applied.text });
    filesModified.push({ filePath: shown, changeCount: new Set(edits.map((e) => e.start)).size, changes: applied.lineChanges });
  }
  filesModified.sort((a, b) => compareStrings(a.filePath, b.filePath));

  const { introduced, fixed } = await errorChanges(ports, scope, changes);
  const dryRun = input.dryRun === true;
  if (!dryRun && changes.length > 0) await ports.writer.writeAll(root, changes, signal);
  return {
    success: true,
    title: action.title,
    kind: action.kind,
    filesModified,
    totalChanges: filesModified.reduce((sum, f) => sum + f.changeCount, 0),
    applied: !dryRun && changes.length > 0,
    introducedDiagnostics: introduced,
    fixedDiagnostics: fixed,
  };
}

function changedSinceListed(file: string): ToolError {
  return toolError(
    ErrorCode.FILE_CHANGED,
    `${file} changed since this action was listed: an action id is valid only for the text it was computed from. Nothing was changed.`,
    AGAIN,
  );
}

/**
 * The errors the new texts add to the changed files and those they remove, asked of the
 * compiler or server with the new texts shown in memory (before anything is written, so a dry
 * run and a write answer the same); introduced ones placed in the new texts, fixed ones in the old.
 */
async function errorChanges(
  ports: BridgePorts,
  scope: QueryScope,
  changes: readonly FileChange[],
): Promise<{ introduced: DiagnosticItem[]; fixed: DiagnosticItem[] }> {
  if (changes.length === 0) return { introduced: [], fixed: [] };
  const answer = await ports.symbols.simulateEdits(scope, {
    overlay: new Map(changes.map((c) => [c.path, c.newText])),
    before: [],
    after: [],
    files: changes.map((c) => c.path),
  });
  const oldTexts = new SourceTexts(ports.symbols, scope);
  const newTexts = new SourceTexts(ports.symbols, scope);
  const introduced: DiagnosticItem[] = [];
  const fixed: DiagnosticItem[] = [];
  for (const change of changes) {
    oldTexts.seed(change.path, new LineIndex(change.expectedText));
    newTexts.seed(change.path, new LineIndex(change.newText));
    const before: readonly DiagnosticRecord[] = answer.errorsBefore.get(change.path) ?? [];
    const after: readonly DiagnosticRecord[] = answer.errorsAfter.get(change.path) ?? [];
    // Fixed: the records of before that after has no more, by the same rule the other way round.
    for (const record of introducedBy(before, after)) introduced.push(await diagnosticItem(scope.workspaceRoot, newTexts, record));
    for (const record of introducedBy(after, before)) fixed.push(await diagnosticItem(scope.workspaceRoot, oldTexts, record));
  }
  return { introduced: introduced.sort(compareLocations), fixed: fixed.sort(compareLocations) };
}
