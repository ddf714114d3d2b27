import path from 'node:path';
import { dependentsOf } from '@mcp-lsp-bridge/domain';
import { affectsGlobalScope, BUNDLED_TYPESCRIPT as ts } from '@mcp-lsp-bridge/ts-syntax';
import type { CallContext } from '../call-context.js';

/**
 * The workspace's TypeScript and JavaScript files that depend on a file `overlay` edits (the domain's
 * `dependentsOf`): a file depends on those it imports (`import(…)` types included) or names in
 * `/// <reference path>`, as the server resolves each import: a specifier whose last segment
 * could name an edited file or one of its directories (a package imported by name, an `index`
 * file by its directory) is asked where it leads; the others cannot lead there and cost nothing.
 * A file created since the server was last told what changed is left out: the references the
 * edit was made from could not see it either, and the next call will.
 */
export async function typescriptImporters(ctx: CallContext, overlay: ReadonlyMap<string, string>): Promise<string[]> {
  const edited = [...overlay.keys()];
  const files = ctx.projects().files.filter((file) => ctx.live.sync.announced(file));
  // Each file's imports, read once for every round.
  const preprocessed = new Map<string, Imports | undefined>();
  const importsOf = (file: string): Imports | undefined => {
    if (!preprocessed.has(file)) {
      const text = ctx.workspace.files.text(file);
      preprocessed.set(file, text === undefined ? undefined : ts.preProcessFile(text, true, true));
    }
    return preprocessed.get(file);
  };
  return dependentsOf(edited, {
    files,
    // Global on disk or once edited: a script made a module takes its globals from every file, a module made a script adds to them.
    isGlobal: (file) => isGlobalOnDisk(ctx, file) || isGlobalOnceEdited(ctx, file, overlay.get(file)),
    importersOf: async (targets, candidates) => {
      const stems = stemsOf(ctx.scope.workspaceRoot, targets);
      const found: string[] = [];
      for (const file of candidates) {
        const imports = importsOf(file);
        if (imports === undefined) continue;
        if (imports.referencedFiles.some((reference) => targets.has(path.resolve(path.dirname(file), reference.fileName)))) {
          found.push(file);
          continue;
        }
        for (const specifier of imports.importedFiles) {
          if (!stems.has(stemOf(specifier.fileName))) continue;
          const leadsTo = await ctx.definition(file, specifier.pos);
          if (leadsTo.some((span) => targets.has(span.path))) {
            found.push(file);
            break;
          }
        }
      }
      return found;
    },
  });
}

type Imports = ReturnType<typeof ts.preProcessFile>;

/** Whether a file's declarations are global (see `affectsGlobalScope`) as it is on disk. */
function isGlobalOnDisk(ctx: CallContext, file: string): boolean {
  const text = ctx.workspace.files.text(file);
  return text !== undefined && affectsGlobalScope(ts, ctx.workspace.syntax.get(file, text));
}

/** Whether they are with the edit's `text`: parsed without keeping its tree in place of the disk text's. */
function isGlobalOnceEdited(ctx: CallContext, file: string, text: string | undefined): boolean {
  return text !== undefined && affectsGlobalScope(ts, ctx.workspace.syntax.transient(file, text));
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
