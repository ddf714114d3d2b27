import {
  chosenFix,
  chosenRefactor,
  offeredTsActions,
  parseTsActionRef,
  ORGANIZE_IMPORTS_TITLE,
  type ActionEdits,
  type CodeActionQuery,
  type CodeActionsAnswer,
  type TextEdit,
} from '@mcp-lsp-bridge/domain';
import type ts from 'typescript';
import { ACTION_PREFERENCES, formatCodeSettings } from '../convert/format-options.js';
import type { WorkspaceAccess } from '../project/workspace-access.js';

/**
 * TypeScript's code actions over a range of a file, in the project that owns it, as its
 * compiler reports its diagnostics (`diagnosticsLs`): the fixes of the diagnostics the range
 * touches (`getCodeFixesAtPosition`), the fixes of all of their codes in the file
 * (`getCombinedCodeFix`), the refactorings applicable there, organize imports; which are
 * offered is `offeredTsActions`'s to say.
 */
export async function codeActionsAt(ws: WorkspaceAccess, query: CodeActionQuery): Promise<CodeActionsAnswer> {
  const project = ws.projectFor(query.path);
  const ls = project.diagnosticsLs;
  const text = ws.ctx.files.text(query.path) ?? '';
  const format = formatCodeSettings(project.ts, query.settings, text);
  const offered = await offeredTsActions(query, {
    diagnostics: () =>
      Promise.resolve([
        ...ls.getSyntacticDiagnostics(query.path),
        ...ls.getSemanticDiagnostics(query.path),
        ...ls.getSuggestionDiagnostics(query.path),
      ]),
    fixes: (d) => Promise.resolve(ls.getCodeFixesAtPosition(query.path, d.start, d.start + d.length, [d.code], format, ACTION_PREFERENCES)),
    refactors: () =>
      Promise.resolve(ls.getApplicableRefactors(query.path, { pos: query.start, end: query.end }, ACTION_PREFERENCES, 'invoked')),
    organizesImports: () => Promise.resolve(organizeImports(ls, query.path, format).length > 0),
  });
  return { text, ...offered };
}

/** The edits of the action `ref` names, computed again; `undefined` when TypeScript no longer offers it. */
export function codeActionEditsAt(ws: WorkspaceAccess, query: CodeActionQuery, ref: string): ActionEdits | undefined {
  const parsed = parseTsActionRef(ref);
  if (parsed === undefined) return undefined;
  const project = ws.projectFor(query.path);
  const ls = project.diagnosticsLs;
  const format = formatCodeSettings(project.ts, query.settings, ws.ctx.files.text(query.path) ?? '');
  let found: { title: string; kind: string; changes: readonly ts.FileTextChanges[] } | undefined;
  switch (parsed[0]) {
    case 'q': {
      const [, start, length, code, fixName, title] = parsed;
      const fix = chosenFix(
        ls.getCodeFixesAtPosition(query.path, start, start + length, [code], format, ACTION_PREFERENCES),
        fixName,
        title,
      );
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
      const offered = chosenRefactor(ls.getApplicableRefactors(query.path, range, ACTION_PREFERENCES, 'invoked'), refactor, action);
      const info =
        offered === undefined ? undefined : ls.getEditsForRefactor(query.path, format, range, refactor, action, ACTION_PREFERENCES);
      found = info === undefined ? undefined : { title, kind: offered?.kind ?? 'refactor', changes: info.edits };
      break;
    }
    case 'o':
      found = { title: ORGANIZE_IMPORTS_TITLE, kind: 'source.organizeImports', changes: organizeImports(ls, query.path, format) };
      break;
  }
  if (found === undefined || found.changes.every((c) => c.textChanges.length === 0)) return undefined;
  return editsOf(ws, found.title, found.kind, found.changes);
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
