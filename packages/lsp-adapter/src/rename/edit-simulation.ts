import {
  dedupeSpans,
  type DiagnosticRecord,
  type EditSimulation,
  type FileOffset,
  type SimulationAnswer,
  type SourceSpan,
} from '@mcp-lsp-bridge/domain';
import { nameAt } from '../typescript/syntax.js';
import ts = require('typescript');
import type { CallContext } from '../call-context.js';
import { withoutMisplaced } from '../navigation/package-anchors.js';
import { diagnosticsWayOf, fileDiagnostics } from '../diagnostics/file-diagnostics.js';
import { isAliasDeclarationName } from '../typescript/syntax.js';
import { definitionInBuild, dependentsAmong, filesOutsideBuild } from './outside-build.js';
import { typescriptImporters } from '../dependents/typescript-importers.js';

/**
 * The domain's rename-conflict primitives, answered by the language server itself: it is asked
 * what names refer to and which errors files have, then shown the edited texts (as open
 * documents, never written) and asked again, then shown the disk again. Works with any server
 * that answers `definition` and diagnostics; the caller runs it alone (no other call may see
 * the edited texts).
 */
export async function simulateEdits(ctx: CallContext, simulation: EditSimulation): Promise<SimulationAnswer> {
  const errorsOf = async (file: string): Promise<readonly DiagnosticRecord[]> =>
    (await fileDiagnostics(ctx, file)).filter((d) => d.category === 'error');
  const overlaid = [...simulation.overlay.keys()];
  const dependents =
    simulation.dependents !== true
      ? []
      : ctx.typescript === undefined
        ? await dependentsOf(ctx, overlaid)
        : await typescriptImporters(ctx, simulation.overlay);
  const starred = ctx.typescript === undefined ? [] : await exportStarDependents(ctx, simulation.files);
  const checked = [...new Set([...simulation.files, ...starred, ...dependents])];
  // Whole pushed diagnostics only for a document checked alone (see `checksOneAtATime`).
  const checks = ctx.profile.checksOneAtATime === true && diagnosticsWayOf(ctx) === 'push' ? 1 : 8;

  const referentsBefore = await inBatches(simulation.before, (site) => referentsAt(ctx, site));
  const errorsBefore = new Map(simulation.addedErrorsOnly === true ? [] : zip(checked, await inBatches(checked, errorsOf, checks)));
  const restore = await ctx.live.sync.overlay(simulation.overlay, ctx.signal);
  ctx.invalidate(simulation.overlay.keys());
  let after: Pick<SimulationAnswer, 'referentsAfter' | 'errorsAfter'>;
  try {
    // Errors first: a file's diagnostics for the edited version wait for the server to have taken
    // in every edited text (clangd publishes them once the preamble is rebuilt from the edited
    // headers), whereas a definition asked at once may be answered from the file compiled against
    // its headers as they were (a type renamed in a header then names nothing, and the name's
    // declaration, `Shape *next` → `next`, looks like what it refers to).
    const errorsAfter = new Map(zip(checked, await inBatches(checked, errorsOf, checks)));
    after = { errorsAfter, referentsAfter: await inBatches(simulation.after, (site) => referentsAt(ctx, site)) };
  } finally {
    await restore();
    ctx.invalidate(simulation.overlay.keys());
  }
  // Checking a file is most of a simulation's time: on the disk's texts, only where the edits may have added an error.
  if (simulation.addedErrorsOnly === true) {
    const withErrors = checked.filter((file) => (after.errorsAfter.get(file)?.length ?? 0) > 0);
    for (const [file, errors] of zip(withErrors, await inBatches(withErrors, errorsOf, checks))) errorsBefore.set(file, errors);
  }
  const inFlux = ctx.workspace.files.inFlux(ctx.scope.workspaceRoot);
  const outsideBuild = ctx.typescript === undefined ? await filesOutsideBuild(ctx, checked) : [];
  return {
    referentsBefore,
    errorsBefore,
    ...after,
    ...(inFlux.length > 0 ? { inFlux } : {}),
    ...(outsideBuild.length > 0 ? { outsideBuild } : {}),
  };
}

/**
 * What a name refers to, as the server says; a site that is no name (gopls renames the name a
 * doc comment starts with) refers to nothing. Over a TypeScript server, aliases followed: a
 * shorthand property names the import it uses, a plain identifier the declaration behind the
 * import, and both must compare equal.
 */
async function referentsAt(ctx: CallContext, site: FileOffset): Promise<readonly SourceSpan[]> {
  if (ctx.typescript === undefined)
    return ctx.nameAt(site) === '' ? [] : dedupeSpans((await definitionInBuild(ctx, site.path, site.offset)) ?? []);
  const spans = withoutMisplaced(ctx, site, await ctx.definition(site.path, site.offset));
  const out = [...spans];
  for (const span of spans) {
    const text = ctx.lines(span.path)?.text;
    const node = text === undefined ? undefined : nameAt(ctx.workspace.syntax.get(span.path, text), span.start);
    if (node !== undefined && isAliasDeclarationName(node)) out.push(...(await ctx.definition(span.path, span.start)));
  }
  return out;
}

/**
 * The workspace's files with `export * from` one of `files`: a rename that makes two
 * star-exported modules export the same name breaks them (TS2308) without editing them. The
 * files that spell `export *` are parsed; the server says where each specifier leads.
 */
async function exportStarDependents(ctx: CallContext, files: readonly string[]): Promise<string[]> {
  const targets = new Set(files);
  const dependents: string[] = [];
  for (const file of ctx.projects().files) {
    if (targets.has(file)) continue;
    const text = ctx.workspace.files.text(file);
    if (text === undefined || !/export\s*\*\s*from/.test(text)) continue;
    const sourceFile = ctx.workspace.syntax.get(file, text);
    for (const statement of sourceFile.statements) {
      if (!ts.isExportDeclaration(statement) || statement.exportClause !== undefined || statement.moduleSpecifier === undefined) continue;
      const specifier = statement.moduleSpecifier.getStart(sourceFile) + 1;
      const leadsTo = await ctx.definition(file, specifier);
      if (leadsTo.some((span) => targets.has(span.path))) {
        dependents.push(file);
        break;
      }
    }
  }
  return dependents;
}

/** The workspace's files of the server's language that depend on an overlaid one, readable and not overlaid themselves. */
async function dependentsOf(ctx: CallContext, overlaid: readonly string[]): Promise<string[]> {
  const found = await dependentsAmong(ctx, ctx.sourceFiles(), overlaid);
  return found.filter((file) => ctx.workspace.files.failure(file) === undefined);
}

/** Runs `body` for every item, a few requests in flight at a time, keeping the order. */
async function inBatches<T, R>(items: readonly T[], body: (item: T) => Promise<R>, size = 8): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(body))));
  return out;
}

function zip<K, V>(keys: readonly K[], values: readonly V[]): [K, V][] {
  return keys.map((key, i) => [key, values[i] as V]);
}
