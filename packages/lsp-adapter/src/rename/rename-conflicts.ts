import {
  spanKey,
  EditMap,
  displayPath,
  LineIndex,
  type DiagnosticRecord,
  type RenameConflict,
  type SourceSpan,
  type TextEdit,
} from '@mcp-lsp-bridge/domain';
import path from 'node:path';
import type { CallContext } from '../call-context.js';
import { diagnosticsStrategyFor } from '../diagnostics/file-diagnostics.js';
import type { SyntaxCache } from '@mcp-lsp-bridge/ts-workspace';
import { declarationOfName, isAliasDeclarationName, nameAt, namesSpelled } from '../typescript/syntax.js';

/**
 * Conflicts decided by the language server itself, by simulation: the server is shown the
 * edited texts (as open documents), asked what each name refers to before and after, and
 * asked for the errors of the edited files before and after; then the disk is shown again.
 * 1. every edited name must still refer to what it referred to, and must not pick up other
 *    declarations (it would merge with an existing one);
 * 2. every name already spelled like the new name must still refer to what it did (else
 *    the renamed symbol captures it);
 * 3. the edited files must not gain errors (duplicate identifiers, redeclarations).
 * This works with any server that answers `definition` and diagnostics: no server offers
 * rename conflict checks of its own.
 */
export async function renameConflicts(
  ctx: CallContext,
  syntax: SyntaxCache,
  newName: string,
  edits: readonly TextEdit[],
): Promise<RenameConflict[]> {
  const maps = new Map<string, EditMap>();
  for (const [file, fileEdits] of groupByFile(edits)) maps.set(file, new EditMap(fileEdits));
  const before = new Map<string, string>();
  const overlay = new Map<string, string>();
  for (const [file, map] of maps) {
    const text = ctx.lines(file)?.text;
    if (text === undefined) continue;
    before.set(file, text);
    overlay.set(file, map.apply(text));
  }
  /** A definition found before the edits, moved to the coordinates of the edited texts. */
  const moved = (span: SourceSpan): SourceSpan => {
    const map = maps.get(span.path);
    if (map === undefined) return span;
    const edit = map.edits.find((e) => e.start === span.start);
    const start = edit !== undefined ? map.toNew(edit.start) + EditMap.nameOffset(edit, newName) : map.toNew(span.start);
    return { ...span, start };
  };
  /** Where each key is, in the coordinates of the edited texts. */
  const place = new Map<string, SourceSpan>();
  const keysOf = (spans: readonly SourceSpan[], before: boolean): Set<string> => {
    const keys = new Set<string>();
    for (const span of spans) {
      const at = before ? moved(span) : span;
      const key = spanKey(at);
      keys.add(key);
      if (!place.has(key)) place.set(key, at);
    }
    return keys;
  };

  const locations = [...maps].flatMap(([file, map]) =>
    map.edits.map((edit) => ({ file, edit, offset: map.toNew(edit.start) + EditMap.nameOffset(edit, newName) })),
  );
  const bystanders = [...before].flatMap(([file, text]) => {
    const sourceFile = syntax.get(file, text);
    const map = maps.get(file);
    return namesSpelled(sourceFile, newName).map((node) => {
      const start = node.getStart(sourceFile);
      return { file, start, offset: map?.toNew(start) ?? start, declaration: declarationOfName(node) !== undefined };
    });
  });
  /**
   * What a name refers to, aliases followed: a shorthand property names the import it uses,
   * a plain identifier the declaration behind the import, and both must compare equal.
   */
  const definitionsAt = async (file: string, offset: number): Promise<SourceSpan[]> => {
    const spans = await ctx.definition(file, offset);
    const out = [...spans];
    for (const span of spans) {
      const text = ctx.lines(span.path)?.text;
      const node = text === undefined ? undefined : nameAt(syntax.get(span.path, text), span.start);
      if (node !== undefined && isAliasDeclarationName(node)) out.push(...(await ctx.definition(span.path, span.start)));
    }
    return out;
  };
  const strategy = diagnosticsStrategyFor(ctx);
  const errorsOf = async (file: string): Promise<DiagnosticRecord[]> =>
    (await strategy.file(ctx, file)).filter((d) => d.category === 'error');

  const locationsBefore = await inBatches(locations, (l) => definitionsAt(l.file, l.edit.start).then((spans) => keysOf(spans, true)));
  const renamed = new Set(locationsBefore.flatMap((keys) => [...keys]));
  const bystandersBefore = await inBatches(bystanders, (b) => definitionsAt(b.file, b.start).then((spans) => keysOf(spans, true)));
  const errorsBefore = await inBatches([...before.keys()], errorsOf);

  const where = (key: string): string => describe(ctx, place.get(key), maps, before);
  const restore = await ctx.live.sync.overlay(overlay, ctx.signal);
  ctx.invalidate(overlay.keys());
  try {
    const semantic: RenameConflict[] = [];
    const locationsAfter = await inBatches(locations, (l) => definitionsAt(l.file, l.offset).then((spans) => keysOf(spans, false)));
    locations.forEach((location, i) => {
      const was = locationsBefore[i] ?? new Set<string>();
      const now = locationsAfter[i] ?? new Set<string>();
      if (was.size === 0 || now.size === 0) return;
      const foreign = [...now].filter((key) => !renamed.has(key));
      if (![...now].some((key) => was.has(key))) {
        const target = foreign[0] ?? [...now][0];
        semantic.push({
          path: location.file,
          start: location.edit.start,
          description: `this reference would resolve to "${newName}" declared at ${target === undefined ? 'another place' : where(target)}`,
        });
        return;
      }
      for (const key of foreign) {
        const span = place.get(key);
        if (span !== undefined)
          semantic.push({
            path: span.path,
            start: maps.get(span.path)?.toOld(span.start) ?? span.start,
            description: `"${newName}" is already declared here`,
          });
      }
    });
    const bystandersAfter = await inBatches(bystanders, (b) => definitionsAt(b.file, b.offset).then((spans) => keysOf(spans, false)));
    bystanders.forEach((bystander, i) => {
      const was = bystandersBefore[i] ?? new Set<string>();
      const now = bystandersAfter[i] ?? new Set<string>();
      if (was.size === now.size && [...was].every((key) => now.has(key))) return;
      const first = [...was][0];
      const description = bystander.declaration
        ? `"${newName}" is already declared here`
        : [...now].some((key) => renamed.has(key))
          ? `this reference to "${newName}"${first === undefined ? '' : ` (declared at ${where(first)})`} would resolve to the renamed symbol`
          : `this reference to "${newName}" would change meaning`;
      semantic.push({ path: bystander.file, start: bystander.start, description });
    });
    if (semantic.length > 0) return dedupe(semantic);
    // New errors are the safety net; when the checks above found the cause, its consequences are noise.
    const errorsAfter = await inBatches([...before.keys()], errorsOf);
    const errors: RenameConflict[] = [];
    [...before.keys()].forEach((file, i) => {
      const map = maps.get(file);
      for (const d of newErrors(errorsBefore[i] ?? [], errorsAfter[i] ?? [], map)) {
        const start = map?.toOld(d.start) ?? d.start;
        errors.push({ path: file, start, description: `the rename would cause error ${formatCode(d.code)}: ${d.message}` });
      }
    });
    return dedupe(errors);
  } finally {
    await restore();
    ctx.invalidate(overlay.keys());
  }
}

/** Runs `body` for every item, a few requests in flight at a time, keeping the order. */
async function inBatches<T, R>(items: readonly T[], body: (item: T) => Promise<R>, size = 8): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(body))));
  return out;
}

/** The errors `after` has that `before` did not, matched per code at positions mapped back. */
function newErrors(before: readonly DiagnosticRecord[], after: readonly DiagnosticRecord[], map: EditMap | undefined): DiagnosticRecord[] {
  const fresh: DiagnosticRecord[] = [];
  const byCode = (list: readonly DiagnosticRecord[]): Map<string, DiagnosticRecord[]> => {
    const grouped = new Map<string, DiagnosticRecord[]>();
    for (const d of list) grouped.set(String(d.code), [...(grouped.get(String(d.code)) ?? []), d]);
    return grouped;
  };
  const old = byCode(before);
  for (const [code, afterOfCode] of byCode(after)) {
    const beforeOfCode = old.get(code) ?? [];
    const grown = afterOfCode.length - beforeOfCode.length;
    if (grown <= 0) continue;
    const oldStarts = new Set(beforeOfCode.map((d) => d.start));
    const unmatched = afterOfCode.filter((d) => !oldStarts.has(map?.toOld(d.start) ?? d.start));
    fresh.push(...(unmatched.length > 0 ? unmatched : afterOfCode.slice(-grown)));
  }
  return fresh;
}

function describe(
  ctx: CallContext,
  span: SourceSpan | undefined,
  maps: ReadonlyMap<string, EditMap>,
  before: ReadonlyMap<string, string>,
): string {
  if (span === undefined) return 'another place';
  if (/[\\/]typescript[\\/]lib[\\/]lib\.[^/\\]*\.d\.ts$/.test(span.path) || /[\\/]lib\.[\w.]+\.d\.ts$/.test(span.path))
    return `${path.basename(span.path)} (a global of the TypeScript library)`;
  const map = maps.get(span.path);
  const text = before.get(span.path) ?? ctx.lines(span.path)?.text;
  const offset = map?.toOld(span.start) ?? span.start;
  if (text === undefined) return displayPath(ctx.scope.workspaceRoot, span.path);
  const position = new LineIndex(text).positionOf(offset);
  return `${displayPath(ctx.scope.workspaceRoot, span.path)}:${position.line}:${position.column}`;
}

function formatCode(code: number | string): string {
  return typeof code === 'number' ? `TS${code}` : code;
}

function dedupe(conflicts: RenameConflict[]): RenameConflict[] {
  const seen = new Map<string, RenameConflict>();
  for (const c of conflicts) if (!seen.has(spanKey(c))) seen.set(spanKey(c), c);
  return [...seen.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.start - b.start));
}

function groupByFile(edits: readonly TextEdit[]): Map<string, TextEdit[]> {
  const byFile = new Map<string, TextEdit[]>();
  for (const edit of edits) byFile.set(edit.path, [...(byFile.get(edit.path) ?? []), edit]);
  return byFile;
}
