/**
 * What goes with a deleted declaration besides its own text: the rest of its lines when only
 * whitespace shares them, and the blank lines that separated it from its neighbours.
 */

/** A span of a text, `end` excluded. */
export interface Range {
  readonly start: number;
  readonly end: number;
}

/** A range grown to whole lines when only whitespace is around it on its first and last line. */
export function wholeLines(text: string, range: Range): Range {
  let start = range.start;
  while (start > 0 && (text[start - 1] === ' ' || text[start - 1] === '\t')) start--;
  if (start > 0 && text[start - 1] !== '\n') start = range.start;
  let end = range.end;
  while (end < text.length && (text[end] === ' ' || text[end] === '\t' || text[end] === ';')) end++;
  if (text[end] === '\r' && text[end + 1] === '\n') end += 2;
  else if (text[end] === '\n') end += 1;
  else if (end < text.length) end = range.end;
  // Last in the file: the blank lines before it would end the file, so they go instead.
  if (end === text.length && start > 0 && text[start - 1] === '\n') {
    while (/\n[ \t]*\r?\n$/.test(text.slice(0, start))) start = text.lastIndexOf('\n', start - 2) + 1;
    return { start, end };
  }
  // The blank lines that separated it from what comes before now separate that from what
  // follows: as many blank lines after it go as there were before it (one in TypeScript, two in Python).
  if (start === 0 || text[start - 1] === '\n') {
    let separating = start === 0 ? 1 : blankLinesBefore(text, start);
    const blank = /^[ \t]*\r?\n/;
    for (let match = blank.exec(text.slice(end)); match !== null && separating > 0; match = blank.exec(text.slice(end))) {
      end += match[0].length;
      separating--;
    }
  }
  return { start, end };
}

/** How many blank lines end right before `start`, a line's start. */
function blankLinesBefore(text: string, start: number): number {
  const lines = text.slice(0, start).split('\n');
  let count = 0;
  for (let i = lines.length - 2; i >= 0 && (lines[i] ?? '').trim() === ''; i--) count++;
  return count;
}

/** Ranges sorted and the overlapping ones joined. */
export function merged(ranges: readonly Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => a.start - b.start);
  const out: Range[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last !== undefined && r.start <= last.end) out[out.length - 1] = { start: last.start, end: Math.max(last.end, r.end) };
    else out.push(r);
  }
  return out;
}
