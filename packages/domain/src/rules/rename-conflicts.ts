import type { DiagnosticRecord, SourceSpan } from '../ports/symbol-index.js';
import { EditMap } from './edit-map.js';
import { aboutTheCode } from './server-state-diagnostics.js';
import { formatDiagnosticCode } from './severity.js';
import { spanKey } from './spans.js';

/** A reason a rename is refused, where it shows (disk coordinates). */
export interface RenameConflict {
  readonly path: string;
  readonly start: number;
  readonly description: string;
  /**
   * An error the renamed code would have that is not a name declared twice: it may come from
   * code the rename leaves as it is (an implementation that must keep matching its interface,
   * a use through an untyped value), which no other new name would mend.
   */
  readonly addsError?: true;
}

/** A name the rename rewrites: where it is now, and where the new name will be. */
export interface RenamedSite {
  readonly path: string;
  readonly start: number;
  readonly newOffset: number;
}

/** An existing name spelled like the new name, in a file the rename edits. */
export interface Bystander {
  readonly path: string;
  readonly start: number;
  readonly newOffset: number;
  readonly isDeclaration: boolean;
}

/** What the service answered about each site and file, before and after the edits. */
export interface ConflictEvidence {
  readonly sitesBefore: readonly (readonly SourceSpan[])[];
  readonly sitesAfter: readonly (readonly SourceSpan[])[];
  readonly bystandersBefore: readonly (readonly SourceSpan[])[];
  readonly bystandersAfter: readonly (readonly SourceSpan[])[];
  readonly errorsBefore: ReadonlyMap<string, readonly DiagnosticRecord[]>;
  readonly errorsAfter: ReadonlyMap<string, readonly DiagnosticRecord[]>;
}

export interface ConflictQuestion {
  readonly newName: string;
  /** The edits of each edited file. */
  readonly maps: ReadonlyMap<string, EditMap>;
  readonly sites: readonly RenamedSite[];
  readonly bystanders: readonly Bystander[];
  /** How a declaration (a span in the coordinates of the edited texts) is named in a message. */
  readonly describe: (span: SourceSpan) => string;
}

/**
 * Whether a rename changes what the code means, decided from the service's answers alone, the
 * same way for every backend and language:
 * 1. every renamed name must still refer to the renamed symbol; if it refers to something else,
 *    a declaration of the new name shadows it; if it also refers to declarations that were not
 *    part of the symbol, it merged with an existing one (`interface`, `var`, class members);
 * 2. every existing name spelled like the new name must still refer to what it did (else the
 *    renamed symbol captures it);
 * 3. only when 1 and 2 find nothing: the files must not gain errors (duplicate identifiers,
 *    redeclarations, an ambiguous `export *`), which would be consequences of 1 and 2 otherwise.
 * Names the rename writes itself (an import specifier it rewrites) are the renamed symbol by
 * definition, never a declaration it collides with. Shadowing a global nothing in scope uses
 * is no conflict.
 */
export function renameConflicts(question: ConflictQuestion, evidence: ConflictEvidence): RenameConflict[] {
  const { newName, maps } = question;
  const place = new Map<string, SourceSpan>();
  const keysOf = (spans: readonly SourceSpan[], before: boolean): Set<string> => {
    const keys = new Set<string>();
    for (const span of spans) {
      const at = before ? movedToEdited(span, maps, newName) : span;
      const key = spanKey(at);
      keys.add(key);
      if (!place.has(key)) place.set(key, at);
    }
    return keys;
  };
  const sitesBefore = evidence.sitesBefore.map((spans) => keysOf(spans, true));
  const sitesAfter = evidence.sitesAfter.map((spans) => keysOf(spans, false));
  const renamed = new Set([
    ...sitesBefore.flatMap((keys) => [...keys]),
    ...question.sites.map((site) => spanKey({ path: site.path, start: site.newOffset })),
  ]);
  const where = (key: string): string => {
    const span = place.get(key);
    return span === undefined ? 'another place' : question.describe(span);
  };
  const toOld = (span: SourceSpan): number => maps.get(span.path)?.toOld(span.start) ?? span.start;

  const semantic: RenameConflict[] = [];
  question.sites.forEach((site, i) => {
    const was = sitesBefore[i] ?? new Set<string>();
    const now = sitesAfter[i] ?? new Set<string>();
    if (was.size === 0 || now.size === 0) return;
    const foreign = [...now].filter((key) => !renamed.has(key));
    if (![...now].some((key) => was.has(key) || renamed.has(key))) {
      const target = foreign[0] ?? [...now][0];
      const declared = target === undefined ? `another "${newName}"` : `"${newName}" declared at ${where(target)}`;
      semantic.push({ path: site.path, start: site.start, description: `this reference would resolve to ${declared}` });
      return;
    }
    for (const key of foreign) {
      const span = place.get(key);
      if (span !== undefined) semantic.push({ path: span.path, start: toOld(span), description: `"${newName}" is already declared here` });
    }
  });
  question.bystanders.forEach((bystander, i) => {
    const was = evidence.bystandersBefore[i] === undefined ? new Set<string>() : keysOf(evidence.bystandersBefore[i], true);
    const now = evidence.bystandersAfter[i] === undefined ? new Set<string>() : keysOf(evidence.bystandersAfter[i], false);
    if (was.size === now.size && [...was].every((key) => now.has(key))) return;
    const first = [...was][0];
    const description = bystander.isDeclaration
      ? `"${newName}" is already declared here`
      : [...now].some((key) => renamed.has(key))
        ? `this reference to "${newName}"${first === undefined ? '' : ` (declared at ${where(first)})`} would resolve to the renamed symbol`
        : `this reference to "${newName}" would change meaning`;
    semantic.push({ path: bystander.path, start: bystander.start, description });
  });
  if (semantic.length > 0) return ordered(semantic);

  const errors: RenameConflict[] = [];
  for (const [file, after] of evidence.errorsAfter) {
    const map = maps.get(file);
    for (const d of newErrors(evidence.errorsBefore.get(file) ?? [], after, map)) {
      const start = map?.toOld(d.start) ?? d.start;
      const atEdit = map?.edits.some((edit) => edit.start === start) ?? false;
      const duplicate = typeof d.code === 'number' && DUPLICATE_CODES.has(d.code);
      errors.push({
        path: file,
        start,
        description: describeError(d, newName, atEdit, map !== undefined),
        ...(duplicate ? {} : { addsError: true as const }),
      });
    }
  }
  return ordered(errors);
}

/** A declaration found before the edits, moved to where it is in the edited text (a renamed one to its new name). */
function movedToEdited(span: SourceSpan, maps: ReadonlyMap<string, EditMap>, newName: string): SourceSpan {
  const map = maps.get(span.path);
  if (map === undefined) return span;
  const edit = map.edits.find((e) => e.start === span.start);
  return { ...span, start: edit === undefined ? map.toNew(span.start) : map.toNew(edit.start) + EditMap.nameOffset(edit, newName) };
}

/**
 * The errors `after` has that `before` did not. Positions shift with the edits, so errors are
 * counted per code; for a code whose count grew, the errors without a counterpart at the same
 * position (mapped back) are the new ones. A diagnostic about the server's caches rather than
 * the code (clang's `file_modified`) is never a new error (`aboutTheCode`).
 */
export function newErrors(
  before: readonly DiagnosticRecord[],
  after: readonly DiagnosticRecord[],
  map: EditMap | undefined,
): DiagnosticRecord[] {
  const byCode = (list: readonly DiagnosticRecord[]): Map<string, DiagnosticRecord[]> => {
    const grouped = new Map<string, DiagnosticRecord[]>();
    for (const d of list) grouped.set(String(d.code), [...(grouped.get(String(d.code)) ?? []), d]);
    return grouped;
  };
  const old = byCode(aboutTheCode(before));
  const fresh: DiagnosticRecord[] = [];
  for (const [code, afterOfCode] of byCode(aboutTheCode(after))) {
    const beforeOfCode = old.get(code) ?? [];
    const grown = afterOfCode.length - beforeOfCode.length;
    if (grown <= 0) continue;
    const oldStarts = new Set(beforeOfCode.map((d) => d.start));
    const unmatched = afterOfCode.filter((d) => !oldStarts.has(map?.toOld(d.start) ?? d.start));
    fresh.push(...(unmatched.length > 0 ? unmatched : afterOfCode.slice(-grown)));
  }
  return fresh;
}

/** TypeScript's codes for a name declared twice (duplicate identifier, redeclared block-scoped variable, …). */
const DUPLICATE_CODES = new Set([2300, 2308, 2323, 2393, 2395, 2440, 2451, 2528, 2567, 2687, 2717, 2813, 2814]);

function describeError(diagnostic: DiagnosticRecord, newName: string, atEdit: boolean, edited: boolean): string {
  const text = `${formatDiagnosticCode(diagnostic.code)}: ${diagnostic.message}`;
  if (typeof diagnostic.code !== 'number' || !DUPLICATE_CODES.has(diagnostic.code)) {
    // The message's own final period would run into the sentence around it ("…'ServerRequestError'.. Nothing").
    const error = text.replace(/\.+$/, '');
    // A file that depends on an edited one (it imports or includes it) breaks without being edited.
    return edited ? `the rename would cause error ${error}` : `the rename would cause error ${error} in this file, which it does not edit`;
  }
  return atEdit
    ? `the renamed declaration would clash with another "${newName}" (${text})`
    : `"${newName}" is already declared here (${text})`;
}

/** One conflict per place, by path then offset. */
function ordered(conflicts: readonly RenameConflict[]): RenameConflict[] {
  const seen = new Map<string, RenameConflict>();
  for (const conflict of conflicts) if (!seen.has(spanKey(conflict))) seen.set(spanKey(conflict), conflict);
  return [...seen.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.start - b.start));
}
