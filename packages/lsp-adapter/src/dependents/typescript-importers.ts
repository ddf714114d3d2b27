import path from 'node:path';
import { affectsGlobalScope, BUNDLED_TYPESCRIPT as ts } from '@mcp-lsp-bridge/ts-syntax';
import type { CallContext } from '../call-context.js';

/**
 * The workspace's TypeScript and JavaScript files that depend on one of `edited`: that import one
 * (`import(…)` types included) or name it in `/// <reference path>`, directly or through files
 * that import them in turn (an edit's types flow on through inference, so any of them may gain or
 * lose an error without being edited), as the server resolves each import: a specifier whose last
 * segment could name an edited file or one of its directories (a package imported by name, an
 * `index` file by its directory) is asked where it leads; the others cannot lead there and cost
 * nothing. A file among them whose declarations are global (a script, `declare global`) is seen
 * by every file: then every file depends on it. A file created since the server was last told
 * what changed is left out: the references the edit was made from could not see it either, and
 * the next call will.
 */
export async function typescriptImporters(ctx: CallContext, edited: readonly string[]): Promise<string[]> {
  const files = ctx.projects().files.filter((file) => ctx.live.sync.announced(file));
  const seen = new Set(edited);
  const found: string[] = [];
  let targets = new Set(edited);
  while (targets.size > 0) {
    if ([...targets].some((file) => isGlobal(ctx, file))) return files.filter((file) => !edited.includes(file)).sort();
    const stems = stemsOf(ctx.scope.workspaceRoot, targets);
    const next = new Set<string>();
    for (const file of files) {
      if (seen.has(file)) continue;
      const text = ctx.workspace.files.text(file);
      if (text === undefined) continue;
      const { importedFiles, referencedFiles } = ts.preProcessFile(text, true, true);
      if (referencedFiles.some((reference) => targets.has(path.resolve(path.dirname(file), reference.fileName)))) {
        next.add(file);
        continue;
      }
      for (const specifier of importedFiles) {
        if (!stems.has(stemOf(specifier.fileName))) continue;
        const leadsTo = await ctx.definition(file, specifier.pos);
        if (leadsTo.some((span) => targets.has(span.path))) {
          next.add(file);
          break;
        }
      }
    }
    for (const file of next) {
      seen.add(file);
      found.push(file);
    }
    targets = next;
  }
  return found.sort();
}

/** Whether a file's declarations are global (see `affectsGlobalScope`), read from its text on disk. */
function isGlobal(ctx: CallContext, file: string): boolean {
  const text = ctx.workspace.files.text(file);
  return text !== undefined && affectsGlobalScope(ts, ctx.workspace.syntax.get(file, text));
}

/** The last segment of a specifier or path, without its extensions (`./lib/math.js` → `math`). */
function stemOf(specifier: string): string {
  return path.posix
    .basename(specifier.replaceAll('\\', '/'))
    .replace(/\.[^.]*$/, '')
    .replace(/\.d$/, '');
}

/** The stems that may name `files`: each file's own, and the names of its directories up to the root. */
function stemsOf(root: string, files: ReadonlySet<string>): Set<string> {
  const stems = new Set<string>();
  for (const file of files) {
    stems.add(stemOf(file));
    for (let dir = path.dirname(file); dir.startsWith(`${root}${path.sep}`); dir = path.dirname(dir)) stems.add(path.basename(dir));
  }
  return stems;
}
