import { toolError, type ToolError } from '../errors/bridge-error.js';
import { ErrorCode } from '../errors/error-codes.js';
import { MAX_EDITS, type CheckEditsInput, type EditInput } from '../model/inputs.js';
import type { CheckEditsResult, DiagnosticItem, EditedFile } from '../model/results.js';
import type { Signal } from '../model/signal.js';
import type { DiagnosticRecord, QueryScope } from '../ports/symbol-index.js';
import type { FileChange } from '../ports/file-writer.js';
import { quoted } from '../rules/brief-text.js';
import { introducedBy } from '../rules/diagnostic-delta.js';
import { compareLocations, compareStrings } from '../rules/ordering.js';
import { OUTSIDE_BUILD_CAUSES } from '../rules/server-failures.js';
import { displayPath } from '../rules/paths.js';
import { LineIndex } from '../rules/text-positions.js';
import { diagnosticItem } from './get-diagnostics.js';
import { guard } from './guard.js';
import type { BridgePorts } from './ports.js';
import { resolveSourceFile, resolveWorkspace } from './resolve-target.js';
import { SourceTexts } from './source-texts.js';
import { plannedAfresh } from './write-attempts.js';

/**
 * Edits checked by the compiler before they are written: the errors they add and remove in
 * the edited files and in every file that imports one of them, from the texts as they would
 * be (shown to the compiler in memory, never written). With `apply`, written all or none when
 * they add no error (or with `force`), through the same writer as a rename; a file that changed
 * since it was read is read and edited again when every edit of it is an `oldText` one.
 */
export function checkEdits(ports: BridgePorts, input: CheckEditsInput, signal: Signal): Promise<CheckEditsResult | ToolError> {
  return guard(signal, async () => {
    const root = await resolveWorkspace(ports.files, input.workspaceRoot, signal);
    if (typeof root !== 'string') return root;
    if (input.edits.length === 0) return invalid('edits is empty', 'Pass at least one edit: { filePath, oldText, newText }.');
    if (input.edits.length > MAX_EDITS)
      return invalid(`${input.edits.length} edits in one call; at most ${MAX_EDITS}`, 'Split the edits over several calls.');
    if (input.force === true && input.apply !== true)
      return invalid('force without apply', 'force writes edits that add errors: pass it with apply.');
    const scope: QueryScope = { workspaceRoot: root, signal };
    const byFile = new Map<string, EditInput[]>();
    for (const edit of input.edits) {
      const path = await resolveSourceFile(ports, root, edit.filePath, signal);
      if (typeof path !== 'string') return path;
      byFile.set(path, [...(byFile.get(path) ?? []), edit]);
    }
    // Each attempt is guarded: a writer's FILE_CHANGED becomes an answer that plannedAfresh sees.
    const check = (): Promise<CheckEditsResult | ToolError> =>
      guard(signal, async () => {
        const changes: FileChange[] = [];
        for (const [path, edits] of byFile) {
          const text = await ports.symbols.sourceText(scope, path);
          if (text === undefined) return toolError(ErrorCode.FILE_NOT_FOUND, `${displayPath(root, path)} cannot be read`);
          const edited = applyEdits(text, edits, displayPath(root, path));
          if (typeof edited !== 'string') return edited;
          if (edited !== text) changes.push({ path, expectedText: text, newText: edited });
        }
        return answer(ports, scope, root, changes, input);
      });
    // A whole-file edit was made from the text the caller read: on another text it would undo what changed it.
    const replannable = input.edits.every((edit) => edit.oldText !== undefined);
    return replannable ? plannedAfresh(check) : check();
  });
}

async function answer(
  ports: BridgePorts,
  scope: QueryScope,
  root: string,
  changes: readonly FileChange[],
  input: CheckEditsInput,
): Promise<CheckEditsResult | ToolError> {
  if (changes.length === 0) return { success: true, files: [], errorsAdded: [], errorsRemoved: [], filesChecked: 0, applied: false };
  const overlay = new Map(changes.map((c) => [c.path, c.newText]));
  const simulated = await ports.symbols.simulateEdits(scope, {
    overlay,
    before: [],
    after: [],
    files: [...overlay.keys()],
    dependents: true,
  });
  const unseen = new Set(simulated.outsideBuild ?? []);
  const checked = new Set([...simulated.errorsBefore.keys(), ...simulated.errorsAfter.keys()].filter((file) => !unseen.has(file)));
  const before = new SourceTexts(ports.symbols, scope);
  const after = new SourceTexts(ports.symbols, scope);
  for (const change of changes) after.seed(change.path, new LineIndex(change.newText));
  const added: DiagnosticRecord[] = [];
  const removed: DiagnosticRecord[] = [];
  for (const file of checked) {
    const was = simulated.errorsBefore.get(file) ?? [];
    const is = simulated.errorsAfter.get(file) ?? [];
    added.push(...introducedBy(was, is));
    removed.push(...introducedBy(is, was));
  }
  const errorsAdded = await placed(root, after, added);
  const errorsRemoved = await placed(root, before, removed);
  const files = changes.map((c) => editedFile(root, c));
  const notChecked = [...unseen]
    .sort(compareStrings)
    .map((file) => ({ filePath: displayPath(root, file), reason: OUTSIDE_BUILD_NOT_CHECKED }));
  const base = {
    success: true as const,
    files,
    errorsAdded,
    errorsRemoved,
    filesChecked: checked.size,
    ...(notChecked.length > 0 ? { notChecked } : {}),
  };
  if (input.apply !== true) return { ...base, applied: false };
  if (errorsAdded.length > 0 && input.force !== true) {
    return {
      ...base,
      applied: false,
      notApplied: `the edits add ${errorsAdded.length} error${errorsAdded.length === 1 ? '' : 's'}; nothing was written (force writes them anyway)`,
    };
  }
  await ports.writer.writeAll(root, changes, scope.signal);
  return { ...base, applied: true };
}

/** Why a file the edits may affect was not checked. */
const OUTSIDE_BUILD_NOT_CHECKED = `the language server's build leaves it out (${OUTSIDE_BUILD_CAUSES}), so the edits were not checked there: it may use what they change`;

/** The file's text with its edits applied in order, or INVALID_INPUT naming the edit that does not fit. */
export function applyEdits(text: string, edits: readonly EditInput[], display: string): string | ToolError {
  let current = text;
  for (const [i, edit] of edits.entries()) {
    if (edit.oldText === undefined) {
      if (i > 0)
        return invalid(
          `an edit of ${display} without oldText comes after another edit of it`,
          'Give a whole-file edit alone, or give every edit of the file an oldText.',
        );
      current = edit.newText;
      continue;
    }
    if (edit.oldText === '')
      return invalid(
        `an edit of ${display} has an empty oldText`,
        'Pass the exact text to replace, or leave oldText out to replace the whole file.',
      );
    const first = current.indexOf(edit.oldText);
    if (first < 0)
      return invalid(
        `oldText ${quoted(edit.oldText)} is not in ${display}${i > 0 ? ' (after the edits before it)' : ''}`,
        'Copy oldText exactly from the file as it is now (whitespace and line breaks included).',
      );
    if (current.indexOf(edit.oldText, first + 1) >= 0)
      return invalid(
        `oldText ${quoted(edit.oldText)} occurs more than once in ${display}`,
        'Include enough of the surrounding text to make oldText unique.',
      );
    current = current.slice(0, first) + edit.newText + current.slice(first + edit.oldText.length);
  }
  return current;
}

/** The changed lines of a file: from the first line that differs to the last, counted in both texts. */
function editedFile(root: string, change: FileChange): EditedFile {
  const old = change.expectedText.split('\n');
  const now = change.newText.split('\n');
  let head = 0;
  while (head < old.length && head < now.length && old[head] === now[head]) head++;
  let tail = 0;
  while (tail < old.length - head && tail < now.length - head && old[old.length - 1 - tail] === now[now.length - 1 - tail]) tail++;
  return {
    filePath: displayPath(root, change.path),
    startLine: head + 1,
    linesRemoved: old.length - head - tail,
    linesAdded: now.length - head - tail,
  };
}

async function placed(root: string, texts: SourceTexts, records: readonly DiagnosticRecord[]): Promise<DiagnosticItem[]> {
  const items: DiagnosticItem[] = [];
  for (const record of records) items.push(await diagnosticItem(root, texts, record));
  return items.sort(compareLocations);
}

function invalid(message: string, resolution: string): ToolError {
  return toolError(ErrorCode.INVALID_INPUT, message, resolution);
}
