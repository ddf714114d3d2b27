import {
  touchesRange,
  type ActionEdits,
  type CodeActionQuery,
  type CodeActionsAnswer,
  type OfferedAction,
  type TextEdit,
} from '@mcp-lsp-bridge/domain';
import type ts from 'typescript';
import { ACTION_PREFERENCES, formatCodeSettings } from '../convert/format-options.js';
import type { Project } from '../project/project.js';
import type { WorkspaceAccess } from '../project/workspace-access.js';

/** A handle on an action TypeScript offers: enough to compute its edits again on the same text. */
type Ref =
  | readonly ['q', number, number, number, string, string]
  | readonly ['all', string, number, string]
  | readonly ['r', string, string, string]
  | readonly ['o'];

const ORGANIZE_IMPORTS = 'Organize imports';

/**
 * TypeScript's code actions over a range of a file, in the project that owns it, as its
 * compiler reports its diagnostics (`diagnosticsLs`): the fixes of the diagnostics the range
 * touches (`getCodeFixesAtPosition`), the fixes of all of their codes in the file
 * (`getCombinedCodeFix`), the refactorings applicable there, organize imports. A fix that runs
 * a command (installing a package) needs an editor: named, not offered.
 */
export function codeActionsAt(ws: WorkspaceAccess, query: CodeActionQuery): CodeActionsAnswer {
  const project = ws.projectFor(query.path);
  const ls = project.diagnosticsLs;
  const text = ws.ctx.files.text(query.path) ?? '';
  const format = formatCodeSettings(project.ts, query.settings, text);
  const wants = (kind: string): boolean => query.kinds.some((k) => kind === k || kind.startsWith(`${k}.`) || k.startsWith(`${kind}.`));
  const actions: OfferedAction[] = [];
  const clientOnly: string[] = [];

  if (wants('quickfix') || wants('source.fixAll')) {
    const fixAlls = new Map<string, OfferedAction>();
    for (const d of fixableDiagnostics(project, query, wants('quickfix'))) {
      const fixes = ls.getCodeFixesAtPosition(query.path, d.start, d.start + d.length, [d.code], format, ACTION_PREFERENCES);
      for (const fix of fixes) {
        if (fix.commands !== undefined && fix.commands.length > 0) {
          clientOnly.push(fix.description);
          continue;
        }
        if (wants('quickfix')) {
          const ref: Ref = ['q', d.start, d.length, d.code, fix.fixName, fix.description];
          actions.push({ ref: JSON.stringify(ref), title: fix.description, kind: 'quickfix', code: d.code, at: d.start });
        }
        const fixId = typeof fix.fixId === 'string' ? fix.fixId : undefined;
        if (wants('source.fixAll') && fixId !== undefined && fix.fixAllDescription !== undefined && !fixAlls.has(fixId)) {
          const ref: Ref = ['all', fixId, d.code, fix.fixAllDescription];
          fixAlls.set(fixId, { ref: JSON.stringify(ref), title: fix.fixAllDescription, kind: 'source.fixAll', code: d.code });
        }
      }
    }
    actions.push(...fixAlls.values());
  }
  if (wants('refactor')) {
    const range = { pos: query.start, end: query.end };
    for (const refactor of ls.getApplicableRefactors(query.path, range, ACTION_PREFERENCES, 'invoked')) {
      for (const action of refactor.actions) {
        if (action.notApplicableReason !== undefined || action.isInteractive === true) continue;
        const ref: Ref = ['r', refactor.name, action.name, action.description];
        actions.push({ ref: JSON.stringify(ref), title: action.description, kind: action.kind ?? 'refactor' });
      }
    }
  }
  if (wants('source.organizeImports') && organizeImports(ls, query.path, format).length > 0) {
    actions.push({ ref: JSON.stringify(['o'] satisfies Ref), title: ORGANIZE_IMPORTS, kind: 'source.organizeImports' });
  }
  return { text, actions, clientOnly };
}

/** The edits of the action `ref` names, computed again; `undefined` when TypeScript no longer offers it. */
export function codeActionEditsAt(ws: WorkspaceAccess, query: CodeActionQuery, ref: string): ActionEdits | undefined {
  const parsed = parseRef(ref);
  if (parsed === undefined) return undefined;
  const project = ws.projectFor(query.path);
  const ls = project.diagnosticsLs;
  const format = formatCodeSettings(project.ts, query.settings, ws.ctx.files.text(query.path) ?? '');
  let found: { title: string; kind: string; changes: readonly ts.FileTextChanges[] } | undefined;
  switch (parsed[0]) {
    case 'q': {
      const [, start, length, code, fixName, title] = parsed;
      const fix = ls
        .getCodeFixesAtPosition(query.path, start, start + length, [code], format, ACTION_PREFERENCES)
        .find((f) => f.fixName === fixName && f.description === title && (f.commands ?? []).length === 0);
      found = fix === undefined ? undefined : { title, kind: 'quickfix', changes: fix.changes };
      break;
    }
    case 'all': {
      const [, fixId, , title] = parsed;
      const combined = ls.getCombinedCodeFix({ type: 'file', fileName: query.path }, fixId, format, ACTION_PREFERENCES);
      found = { title, kind: 'source.fixAll', changes: combined.changes };
      break;
    }
    case 'r': {
      const [, refactor, action, title] = parsed;
      const range = { pos: query.start, end: query.end };
      const offered = ls
        .getApplicableRefactors(query.path, range, ACTION_PREFERENCES, 'invoked')
        .flatMap((r) => (r.name === refactor ? r.actions : []))
        .find((a) => a.name === action && a.notApplicableReason === undefined);
      const info =
        offered === undefined ? undefined : ls.getEditsForRefactor(query.path, format, range, refactor, action, ACTION_PREFERENCES);
      found = info === undefined ? undefined : { title, kind: offered?.kind ?? 'refactor', changes: info.edits };
      break;
    }
    case 'o':
      found = { title: ORGANIZE_IMPORTS, kind: 'source.organizeImports', changes: organizeImports(ls, query.path, format) };
      break;
  }
  if (found === undefined || found.changes.every((c) => c.textChanges.length === 0)) return undefined;
  return editsOf(ws, found.title, found.kind, found.changes);
}

/** The file's diagnostics the range touches, of the code asked for; for fixes of all of a code, one of each code is enough. */
function fixableDiagnostics(project: Project, query: CodeActionQuery, every: boolean): { start: number; length: number; code: number }[] {
  const ls = project.diagnosticsLs;
  const all = [
    ...ls.getSyntacticDiagnostics(query.path),
    ...ls.getSemanticDiagnostics(query.path),
    ...ls.getSuggestionDiagnostics(query.path),
  ];
  const seen = new Set<number>();
  const out: { start: number; length: number; code: number }[] = [];
  for (const d of all) {
    if (d.start === undefined || (query.code !== undefined && d.code !== query.code)) continue;
    const span = { start: d.start, length: d.length ?? 0, code: d.code };
    if (!touchesRange(span, query.start, query.end) || (!every && seen.has(d.code))) continue;
    seen.add(d.code);
    out.push(span);
  }
  return out.sort((a, b) => a.start - b.start);
}

function organizeImports(ls: ts.LanguageService, path: string, format: ts.FormatCodeSettings): readonly ts.FileTextChanges[] {
  return ls.organizeImports({ type: 'file', fileName: path }, format, ACTION_PREFERENCES).filter((c) => c.textChanges.length > 0);
}

function editsOf(ws: WorkspaceAccess, title: string, kind: string, changes: readonly ts.FileTextChanges[]): ActionEdits {
  const { files } = ws.ctx;
  const edits: TextEdit[] = [];
  const texts = new Map<string, string>();
  const creates: string[] = [];
  for (const change of changes) {
    const path = files.realpath(change.fileName);
    if (change.isNewFile === true) {
      creates.push(path);
      continue;
    }
    const text = files.text(path);
    if (text !== undefined) texts.set(path, text);
    for (const t of change.textChanges) edits.push({ path, start: t.span.start, length: t.span.length, newText: t.newText });
  }
  return { title, kind, edits, texts, ...(creates.length > 0 ? { creates } : {}) };
}

function parseRef(ref: string): Ref | undefined {
  try {
    const value: unknown = JSON.parse(ref);
    if (!Array.isArray(value)) return undefined;
    const [tag] = value as unknown[];
    if (tag === 'q' && value.length === 6) return value as unknown as Ref;
    if (tag === 'all' && value.length === 4) return value as unknown as Ref;
    if (tag === 'r' && value.length === 4) return value as unknown as Ref;
    if (tag === 'o' && value.length === 1) return value as unknown as Ref;
    return undefined;
  } catch {
    return undefined;
  }
}
