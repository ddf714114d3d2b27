import {
  chosenFix,
  chosenRefactor,
  offeredTsActions,
  parseTsActionRef,
  ORGANIZE_IMPORTS_TITLE,
  type ActionEdits,
  type CodeActionQuery,
  type CodeActionsAnswer,
  type FormatAnswer,
  type FormatQuery,
  type FormatSettings,
  type LineIndex,
  type TextEdit,
  type TsFixFact,
  type TsRefactorFact,
} from '@mcp-lsp-bridge/domain';
import type { CallContext } from '../call-context.js';
import { fileDiagnostics } from '../diagnostics/file-diagnostics.js';
import { tsserverRequest as tsserverCommand } from '../typescript/tsserver-request.js';

/** tsserver's protocol shapes this module reads (`typescript/lib/protocol.d.ts`). */
interface Location {
  readonly line: number;
  readonly offset: number;
}
interface FileCodeEdits {
  readonly fileName: string;
  readonly textChanges: readonly { readonly start: Location; readonly end: Location; readonly newText: string }[];
  readonly isNewFile?: boolean;
}
interface CodeFixAction extends TsFixFact {
  readonly changes: readonly FileCodeEdits[];
}

const PREFERENCES = { quotePreference: 'auto', allowTextChangesInNewFiles: false, includePackageJsonAutoImports: 'off' };

/**
 * typescript-language-server's code actions, asked of its tsserver directly (`typescript.tsserverRequest`)
 * with the same requests the in-process backend makes of its LanguageService: `getCodeFixes` for
 * the diagnostics the range touches, `getCombinedCodeFix`, `getApplicableRefactors` /
 * `getEditsForRefactor`, `organizeImports`. Its own `textDocument/codeAction` answers fixes only
 * for the diagnostics it last published, after waiting for pending ones, and refactorings only as
 * commands it runs against its client.
 */
export async function tsserverCodeActions(ctx: CallContext, query: CodeActionQuery): Promise<CodeActionsAnswer> {
  const file = query.path;
  await configure(ctx, query);
  const lines = linesOf(ctx, file);
  const offered = await offeredTsActions(query, {
    diagnostics: () => fileDiagnostics(ctx, file),
    fixes: (d) => codeFixes(ctx, lines, file, d.start, d.length, d.code),
    refactors: () => refactors(ctx, lines, query),
    organizesImports: async () => (await organizeImports(ctx, file)).some((c) => c.textChanges.length > 0),
  });
  return { text: lines.text, ...offered };
}

/** The edits of the action `ref` names, asked of tsserver again; `undefined` when it is no longer offered. */
export async function tsserverCodeActionEdits(ctx: CallContext, query: CodeActionQuery, ref: string): Promise<ActionEdits | undefined> {
  const parsed = parseTsActionRef(ref);
  if (parsed === undefined) return undefined;
  const file = query.path;
  await configure(ctx, query);
  const lines = linesOf(ctx, file);
  let found: { title: string; kind: string; changes: readonly FileCodeEdits[] } | undefined;
  switch (parsed[0]) {
    case 'q': {
      const [, start, length, code, fixName, title] = parsed;
      const fix = chosenFix(await codeFixes(ctx, lines, file, start, length, code), fixName, title);
      found = fix === undefined ? undefined : { title, kind: 'quickfix', changes: fix.changes };
      break;
    }
    case 'all': {
      const [, fixId, , title] = parsed;
      const body = (await tsserverRequest(ctx, 'getCombinedCodeFix', { scope: { type: 'file', args: { file } }, fixId })) as
        { changes?: readonly FileCodeEdits[] } | undefined;
      found = { title, kind: 'source.fixAll', changes: body?.changes ?? [] };
      break;
    }
    case 'r': {
      const [, refactor, action, title] = parsed;
      const offered = chosenRefactor(await refactors(ctx, lines, query), refactor, action);
      if (offered === undefined) break;
      const body = (await tsserverRequest(ctx, 'getEditsForRefactor', { ...rangeArgs(lines, file, query), refactor, action })) as
        { edits?: readonly FileCodeEdits[] } | undefined;
      found = { title, kind: offered.kind ?? 'refactor', changes: body?.edits ?? [] };
      break;
    }
    case 'o':
      found = { title: ORGANIZE_IMPORTS_TITLE, kind: 'source.organizeImports', changes: await organizeImports(ctx, file) };
      break;
  }
  if (found === undefined || found.changes.every((c) => c.textChanges.length === 0)) return undefined;
  const edits: TextEdit[] = [];
  const texts = new Map<string, string>();
  const creates: string[] = [];
  for (const change of found.changes) {
    const path = ctx.realPath(change.fileName);
    if (change.isNewFile === true) {
      creates.push(path);
      continue;
    }
    const fileLines = linesOf(ctx, path);
    texts.set(path, fileLines.text);
    for (const t of change.textChanges) {
      const start = offsetOf(fileLines, t.start);
      edits.push({ path, start, length: offsetOf(fileLines, t.end) - start, newText: t.newText });
    }
  }
  return { title: found.title, kind: found.kind, edits, texts, ...(creates.length > 0 ? { creates } : {}) };
}

/** tsserver's formatter (`format`), with the settings as its format options, as the in-process backend formats. */
export async function tsserverFormatEdits(ctx: CallContext, query: FormatQuery): Promise<FormatAnswer> {
  const { path } = query;
  await ctx.live.sync.ensureOpen(path);
  const lines = linesOf(ctx, path);
  const range = query.range ?? { start: 0, end: lines.text.length };
  // `format` takes its range as line/offset to endLine/endOffset, and the file's configured options.
  await tsserverRequest(ctx, 'configure', { file: path, formatOptions: formatOptions(query.settings, lines.text) });
  const { startLine, startOffset, endLine, endOffset } = rangeArgs(lines, path, range);
  const body = (await tsserverRequest(ctx, 'format', { file: path, line: startLine, offset: startOffset, endLine, endOffset })) as
    readonly { start: Location; end: Location; newText: string }[] | undefined;
  const edits = (body ?? []).map((e) => {
    const start = offsetOf(lines, e.start);
    return { path, start, length: offsetOf(lines, e.end) - start, newText: e.newText };
  });
  return { text: lines.text, edits };
}

/** The file's format options and the preferences of code actions, for the fixes tsserver computes next. */
async function configure(ctx: CallContext, query: CodeActionQuery): Promise<void> {
  await ctx.live.sync.ensureOpen(query.path);
  const text = linesOf(ctx, query.path).text;
  await tsserverRequest(ctx, 'configure', {
    file: query.path,
    formatOptions: formatOptions(query.settings, text),
    preferences: PREFERENCES,
  });
}

function codeFixes(
  ctx: CallContext,
  lines: LineIndex,
  file: string,
  start: number,
  length: number,
  code: number,
): Promise<CodeFixAction[]> {
  const args = { ...rangeArgs(lines, file, { start, end: start + length }), errorCodes: [code] };
  return tsserverRequest(ctx, 'getCodeFixes', args).then((body) => (body as CodeFixAction[] | undefined) ?? []);
}

async function refactors(ctx: CallContext, lines: LineIndex, query: CodeActionQuery): Promise<TsRefactorFact[]> {
  const args = { ...rangeArgs(lines, query.path, query), triggerReason: 'invoked' };
  return ((await tsserverRequest(ctx, 'getApplicableRefactors', args)) as TsRefactorFact[] | undefined) ?? [];
}

async function organizeImports(ctx: CallContext, file: string): Promise<readonly FileCodeEdits[]> {
  return (
    ((await tsserverRequest(ctx, 'organizeImports', { scope: { type: 'file', args: { file } } })) as FileCodeEdits[] | undefined) ?? []
  );
}

function formatOptions(settings: FormatSettings, text: string): Record<string, unknown> {
  return {
    indentSize: settings.indentSize,
    tabSize: settings.tabSize,
    convertTabsToSpaces: settings.insertSpaces,
    newLineCharacter: settings.newLine ?? (/\r\n/.test(text) ? '\r\n' : '\n'),
    indentStyle: 'Smart',
    trimTrailingWhitespace: settings.trimTrailingWhitespace ?? true,
  };
}

function linesOf(ctx: CallContext, path: string): LineIndex {
  const lines = ctx.lines(path);
  if (lines === undefined) throw new Error(`${path} has no text on the server`);
  return lines;
}

/** tsserver's 1-based line and UTF-16 offset as an offset into the text. */
function offsetOf(lines: LineIndex, location: Location): number {
  return lines.offsetOfUtf16({ line: location.line - 1, character: location.offset - 1 });
}

function rangeArgs(
  lines: LineIndex,
  file: string,
  range: { readonly start: number; readonly end: number },
): { file: string; startLine: number; startOffset: number; endLine: number; endOffset: number } {
  const start = lines.utf16PositionOf(range.start);
  const end = lines.utf16PositionOf(range.end);
  return { file, startLine: start.line + 1, startOffset: start.character + 1, endLine: end.line + 1, endOffset: end.character + 1 };
}

/** A tsserver command through typescript-language-server, bounded by the call's signal. */
function tsserverRequest(ctx: CallContext, command: string, args: Record<string, unknown>): Promise<unknown> {
  return tsserverCommand(ctx.live.server, command, args, ctx.signal);
}
