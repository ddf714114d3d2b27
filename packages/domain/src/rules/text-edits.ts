import type { LineChange } from '../model/results.js';
import type { TextEdit } from '../ports/symbol-index.js';
import { LineIndex } from './text-positions.js';

export type EditOutcome =
  | { readonly ok: true; readonly text: string; readonly lineChanges: readonly LineChange[] }
  | { readonly ok: false; readonly reason: string };

/**
 * Applies the edits of one file. Edits must lie inside the text and must not overlap
 * (identical duplicates are merged). Reports each changed line before and after.
 */
export function applyEdits(text: string, edits: readonly TextEdit[]): EditOutcome {
  const sorted = dedupe([...edits].sort((a, b) => a.start - b.start || a.length - b.length));
  let previousEnd = 0;
  for (const edit of sorted) {
    if (edit.start < 0 || edit.start + edit.length > text.length) {
      return { ok: false, reason: `an edit at offset ${edit.start} lies outside the file` };
    }
    if (edit.start < previousEnd) return { ok: false, reason: `edits overlap at offset ${edit.start}` };
    previousEnd = edit.start + edit.length;
  }
  const before = new LineIndex(text);
  let out = '';
  let cursor = 0;
  for (const edit of sorted) {
    out += text.slice(cursor, edit.start) + edit.newText;
    cursor = edit.start + edit.length;
  }
  out += text.slice(cursor);

  // Each changed line: the lines an edit touches, rebuilt from the edits that fall on them.
  const byLine = new Map<number, TextEdit[]>();
  for (const edit of sorted) {
    const first = before.lineOf(edit.start);
    const list = byLine.get(first) ?? [];
    list.push(edit);
    byLine.set(first, list);
  }
  const lineChanges: LineChange[] = [];
  for (const [line, lineEdits] of [...byLine].sort((a, b) => a[0] - b[0])) {
    const lastEdit = lineEdits[lineEdits.length - 1];
    const lastLine = lastEdit === undefined ? line : before.lineOf(lastEdit.start + lastEdit.length);
    const start = before.lineStart(line);
    const end = before.lineEnd(lastLine);
    let newText = '';
    let at = start;
    for (const edit of lineEdits) {
      newText += text.slice(at, edit.start) + edit.newText;
      at = edit.start + edit.length;
    }
    newText += text.slice(at, end);
    lineChanges.push({ line, oldText: text.slice(start, end), newText });
  }
  return { ok: true, text: out, lineChanges };
}

function dedupe(sorted: TextEdit[]): TextEdit[] {
  return sorted.filter((edit, i) => {
    const prev = sorted[i - 1];
    return !(prev && prev.start === edit.start && prev.length === edit.length && prev.newText === edit.newText);
  });
}
