import type { TextEdit } from '../ports/symbol-index.js';

/** The edits of one file, and how offsets move when they are applied. */
export class EditMap {
  readonly edits: readonly TextEdit[];

  constructor(edits: readonly TextEdit[]) {
    const sorted = [...edits].sort((a, b) => a.start - b.start || a.length - b.length);
    this.edits = sorted.filter((edit, i) => {
      const previous = sorted[i - 1];
      return previous === undefined || previous.start !== edit.start;
    });
  }

  apply(text: string): string {
    let out = '';
    let cursor = 0;
    for (const edit of this.edits) {
      out += text.slice(cursor, edit.start) + edit.newText;
      cursor = edit.start + edit.length;
    }
    return out + text.slice(cursor);
  }

  /** Original offset → offset after the edits. An edit starting at `offset` has not moved it yet. */
  toNew(offset: number): number {
    let delta = 0;
    for (const edit of this.edits) {
      if (edit.start >= offset) break;
      if (edit.start + edit.length > offset) return edit.start + delta + Math.min(offset - edit.start, edit.newText.length);
      delta += edit.newText.length - edit.length;
    }
    return offset + delta;
  }

  /** Offset after the edits → original offset; inside replaced text, the start of the edit. */
  toOld(offset: number): number {
    let delta = 0;
    for (const edit of this.edits) {
      const newStart = edit.start + delta;
      if (newStart >= offset) break;
      if (newStart + edit.newText.length > offset) return edit.start;
      delta += edit.newText.length - edit.length;
    }
    return offset - delta;
  }

  /** Where the new name sits inside the edit's new text (after a prefix such as `foo: `). */
  static nameOffset(edit: TextEdit, newName: string): number {
    const text = edit.newText;
    for (let at = text.indexOf(newName); at >= 0; at = text.indexOf(newName, at + 1)) {
      if (!isNamePart(text.codePointAt(at - 1)) && !isNamePart(text.codePointAt(at + newName.length))) return at;
    }
    return 0;
  }
}

/** A character that continues an identifier: the new name must not be part of a longer one. */
function isNamePart(codePoint: number | undefined): boolean {
  if (codePoint === undefined) return false;
  return /[\p{ID_Continue}$\u200c\u200d]/u.test(String.fromCodePoint(codePoint));
}
