/**
 * Which code actions are asked for, which are offered, and in what order: the same on every
 * backend. Kinds are LSP's, hierarchical: `refactor` holds `refactor.extract.function`.
 */

/** The kinds a caller may ask for. */
export const ACTION_KINDS = ['quickfix', 'refactor', 'source.organizeImports', 'source.fixAll'] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

export function isActionKind(text: string): text is ActionKind {
  return (ACTION_KINDS as readonly string[]).includes(text);
}

/** Whether `kind` is `filter` or below it (`refactor.extract.function` is within `refactor`). */
export function kindWithin(kind: string, filter: string): boolean {
  return kind === filter || kind.startsWith(`${filter}.`);
}

/**
 * The kinds computed when the caller names none: at a line, its fixes, the fixes of all of
 * their codes in the file, and the refactorings there; over a whole file, its fixes only (a
 * refactoring of a whole file is not what anyone means). Organizing imports is asked for by name.
 */
export function defaultKinds(atLine: boolean): ActionKind[] {
  return atLine ? ['quickfix', 'source.fixAll', 'refactor'] : ['quickfix', 'source.fixAll'];
}

/**
 * Refactorings that move code to another file (`refactor.move`: to a new file, to a file of the
 * caller's choosing) are not offered: they create files or need an editor to ask for the target.
 */
export function isOfferedKind(kind: string): boolean {
  return !kindWithin(kind, 'refactor.move');
}

/** Quick fixes first (the preferred among them first), then fixes of all of one code, refactorings, file actions. */
export function actionRank(kind: string, preferred: boolean): number {
  if (kindWithin(kind, 'quickfix')) return preferred ? 0 : 1;
  if (kindWithin(kind, 'source.fixAll')) return 2;
  if (kindWithin(kind, 'refactor')) return 3;
  return 4;
}

/** `TS2304` and `2304` are TypeScript's code 2304; any other code is a server's own, as given. */
export function diagnosticCode(code: string): number | string {
  const numeric = /^(?:ts)?(\d+)$/i.exec(code.trim());
  return numeric?.[1] === undefined ? code.trim() : Number(numeric[1]);
}

/**
 * Whether a diagnostic at [start, start + length) is one of those a range asks about: it
 * overlaps the range or touches it (a position at either end of a diagnostic selects it).
 */
export function touchesRange(span: { readonly start: number; readonly length: number }, start: number, end: number): boolean {
  return span.start <= end && span.start + span.length >= start;
}
