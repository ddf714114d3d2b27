import type { CodeActionQuery, OfferedAction } from '../ports/code-actions.js';
import { touchesRange } from './code-action-kinds.js';

/**
 * The code actions TypeScript offers, the same whether its LanguageService runs in process or
 * behind typescript-language-server (its tsserver asked directly): the adapters ask the
 * compiler for facts (diagnostics, fixes, refactorings, whether organizing imports changes
 * anything); this decides which are offered, under which title, and the handle each carries
 * (`OfferedAction.ref`), parsed back when one is applied to ask the compiler for its edits again.
 */

/** A handle on an action: enough to compute its edits again on the same text. */
export type TsActionRef =
  | readonly ['q', start: number, length: number, code: number, fixName: string, title: string]
  | readonly ['all', fixId: string, code: number, title: string]
  | readonly ['r', refactor: string, action: string, title: string]
  | readonly ['o'];

export const ORGANIZE_IMPORTS_TITLE = 'Organize imports';

/** A diagnostic as the compiler reports it: those without a position or a numeric code have no fixes. */
export interface TsDiagnosticFact {
  readonly start?: number | undefined;
  readonly length?: number | undefined;
  readonly code?: number | string | undefined;
}

export interface FixableDiagnostic {
  readonly start: number;
  readonly length: number;
  readonly code: number;
}

export interface TsFixFact {
  readonly fixName: string;
  readonly description: string;
  /** A fix that runs a command (installing a package) needs an editor: named, not offered. */
  readonly commands?: readonly unknown[] | undefined;
  readonly fixId?: unknown;
  readonly fixAllDescription?: string | undefined;
}

export interface TsRefactorFact {
  readonly name: string;
  readonly actions: readonly {
    readonly name: string;
    readonly description: string;
    readonly kind?: string | undefined;
    readonly notApplicableReason?: string | undefined;
    readonly isInteractive?: boolean | undefined;
  }[];
}

/** What the compiler is asked, lazily: only what the kinds asked for need. */
export interface TsActionFacts {
  readonly diagnostics: () => Promise<readonly TsDiagnosticFact[]>;
  readonly fixes: (diagnostic: FixableDiagnostic) => Promise<readonly TsFixFact[]>;
  readonly refactors: () => Promise<readonly TsRefactorFact[]>;
  /** Whether organizing the file's imports would change it. */
  readonly organizesImports: () => Promise<boolean>;
}

/**
 * The actions offered for `query`: the fixes of the diagnostics the range touches, the fixes of
 * all of their codes in the file (once per fix id), the refactorings applicable there that need
 * no editor, organizing imports when it changes the file. Fixes that need an editor are named in
 * `clientOnly`.
 */
export async function offeredTsActions(
  query: CodeActionQuery,
  facts: TsActionFacts,
): Promise<{ actions: OfferedAction[]; clientOnly: string[] }> {
  const wants = (kind: string): boolean => query.kinds.some((k) => kind === k || kind.startsWith(`${k}.`) || k.startsWith(`${kind}.`));
  const actions: OfferedAction[] = [];
  const clientOnly: string[] = [];
  if (wants('quickfix') || wants('source.fixAll')) {
    const every = wants('quickfix');
    const fixAlls = new Map<string, OfferedAction>();
    for (const d of fixableDiagnostics(await facts.diagnostics(), query, every)) {
      for (const fix of await facts.fixes(d)) {
        if ((fix.commands ?? []).length > 0) {
          clientOnly.push(fix.description);
          continue;
        }
        if (every) {
          const ref: TsActionRef = ['q', d.start, d.length, d.code, fix.fixName, fix.description];
          actions.push({ ref: JSON.stringify(ref), title: fix.description, kind: 'quickfix', code: d.code, at: d.start });
        }
        const fixId = typeof fix.fixId === 'string' ? fix.fixId : undefined;
        if (wants('source.fixAll') && fixId !== undefined && fix.fixAllDescription !== undefined && !fixAlls.has(fixId)) {
          const ref: TsActionRef = ['all', fixId, d.code, fix.fixAllDescription];
          fixAlls.set(fixId, { ref: JSON.stringify(ref), title: fix.fixAllDescription, kind: 'source.fixAll', code: d.code });
        }
      }
    }
    actions.push(...fixAlls.values());
  }
  if (wants('refactor')) {
    for (const refactor of await facts.refactors()) {
      for (const action of refactor.actions) {
        if (action.notApplicableReason !== undefined || action.isInteractive === true) continue;
        const ref: TsActionRef = ['r', refactor.name, action.name, action.description];
        actions.push({ ref: JSON.stringify(ref), title: action.description, kind: action.kind ?? 'refactor' });
      }
    }
  }
  if (wants('source.organizeImports') && (await facts.organizesImports())) {
    actions.push({ ref: JSON.stringify(['o'] satisfies TsActionRef), title: ORGANIZE_IMPORTS_TITLE, kind: 'source.organizeImports' });
  }
  return { actions, clientOnly };
}

/**
 * The diagnostics the range touches, of the code asked for, in the order of the text; for the
 * fixes of all of a code (no single fixes asked), the first of each code is enough.
 */
export function fixableDiagnostics(diagnostics: readonly TsDiagnosticFact[], query: CodeActionQuery, every: boolean): FixableDiagnostic[] {
  const spans = diagnostics
    .flatMap((d) => (d.start === undefined || typeof d.code !== 'number' ? [] : [{ start: d.start, length: d.length ?? 0, code: d.code }]))
    .sort((a, b) => a.start - b.start);
  const seen = new Set<number>();
  const out: FixableDiagnostic[] = [];
  for (const d of spans) {
    if (query.code !== undefined && d.code !== query.code) continue;
    if (!touchesRange(d, query.start, query.end) || (!every && seen.has(d.code))) continue;
    seen.add(d.code);
    out.push(d);
  }
  return out;
}

/** The handle an action carries, or `undefined` when it is not one of ours. */
export function parseTsActionRef(ref: string): TsActionRef | undefined {
  try {
    const value: unknown = JSON.parse(ref);
    if (!Array.isArray(value)) return undefined;
    const sizes: Record<string, number> = { q: 6, all: 4, r: 4, o: 1 };
    return sizes[String(value[0])] === value.length ? (value as unknown as TsActionRef) : undefined;
  } catch {
    return undefined;
  }
}

/** The fix a `q` handle names among those the compiler offers again (none when it no longer does). */
export function chosenFix<F extends TsFixFact>(fixes: readonly F[], fixName: string, title: string): F | undefined {
  return fixes.find((f) => f.fixName === fixName && f.description === title && (f.commands ?? []).length === 0);
}

/** The refactoring action an `r` handle names among those applicable again. */
export function chosenRefactor(
  refactors: readonly TsRefactorFact[],
  refactor: string,
  action: string,
): TsRefactorFact['actions'][number] | undefined {
  return refactors
    .flatMap((r) => (r.name === refactor ? r.actions : []))
    .find((a) => a.name === action && a.notApplicableReason === undefined);
}
