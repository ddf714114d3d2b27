/** One cell of an aligned row: the text measured, and the same text as printed (coloured). */
export interface Cell {
  readonly plain: string;
  readonly shown: string;
}

/** A cell printed as is, or painted. */
export function cell(plain: string, paint: (text: string) => string = (text) => text): Cell {
  return { plain, shown: paint(plain) };
}

/** Widest a column is padded to; a longer cell overflows rather than widening every row. */
const MAX_WIDTH = 48;

/**
 * Rows whose columns line up: every column but the last padded to the widest plain text in
 * it (up to 48 characters), columns separated by `gap` (or `gaps[i]` after column i).
 */
export function alignRows(rows: readonly (readonly Cell[])[], gaps: readonly string[] = [], gap = '  '): string[] {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((c, i) => (widths[i] = Math.min(MAX_WIDTH, Math.max(widths[i] ?? 0, length(c.plain)))));
  }
  return rows.map((row) =>
    row
      .map((c, i) =>
        i === row.length - 1 ? c.shown : `${c.shown}${' '.repeat(Math.max(0, (widths[i] ?? 0) - length(c.plain)))}${gaps[i] ?? gap}`,
      )
      .join('')
      .trimEnd(),
  );
}

function length(text: string): number {
  return Array.from(text).length;
}
