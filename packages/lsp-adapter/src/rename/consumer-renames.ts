import { isInsideRoot, type FileOffset, type SourceSpan, type TextEdit } from '@mcp-lsp-bridge/domain';
import type { PackageReach } from '@mcp-lsp-bridge/ts-workspace';
import type { CallContext } from '../call-context.js';
import { viewOf } from '../navigation/package-anchors.js';
import { BUNDLED_TYPESCRIPT, plainSpecifierOf } from '@mcp-lsp-bridge/ts-syntax';
import { nameAt, namesSpelled, type NameNode } from '../typescript/syntax.js';

/**
 * The edits in the files of consumer packages that import the declaring package by name.
 * Asked at a declaration whose build output has a declaration map, typescript-language-server's
 * tsserver renames at the source the map leads to and, lacking the declaring package's outDir in
 * the consumer's options, searches no consumer project; its references do reach them. So each
 * consumer file a reference is in is asked on its own, at that reference: the server renames
 * the file's local name (`import { a as b }`), and an import that kept the exported name takes
 * the new name plainly, as a rename of the exported symbol does. The references in the build
 * output become edits too, which the domain drops (see there why they are wanted).
 */
export async function consumerRenames(
  ctx: CallContext,
  anchors: readonly FileOffset[],
  reach: PackageReach,
  oldName: string,
  newName: string,
  found: readonly TextEdit[],
): Promise<TextEdit[]> {
  const edited = new Set(found.map((e) => e.path));
  const view = viewOf(ctx);
  const { outputs } = ctx.workspace;
  const declaringDir = reach.declaring?.dir;
  const sites = new Map<string, number>();
  const outputEdits: TextEdit[] = [];
  for (const anchor of anchors) {
    for (const reference of await ctx.references(anchor.path, anchor.offset)) {
      const inDeclaring = declaringDir !== undefined && isInsideRoot(declaringDir, reference.path);
      if (inDeclaring || edited.has(reference.path) || sites.has(reference.path)) continue;
      if (outputs.outputPackage(view, reference.path) !== undefined) {
        // Never written (the domain drops edits in build output), but the conflict check sees the
        // build output as its rebuild will make it, which the server's rename leaves out here.
        if (!edited.has(reference.path)) outputEdits.push({ ...reference, newText: newName });
        continue;
      }
      sites.set(reference.path, reference.start);
    }
  }
  const edits: TextEdit[] = [...outputEdits, ...declaringOutputEdits(ctx, reach, oldName, newName, found, edited)];
  for (const [file, offset] of sites) {
    for (const edit of await ctx.rename(file, offset, newName)) {
      if (edit.path !== file) continue;
      edits.push(edit);
    }
  }
  return edits;
}

/** Whether the span names an import specifier that keeps the exported name (`import { a }`). */
function isPlainImportName(ctx: CallContext, span: SourceSpan): boolean {
  const text = ctx.lines(span.path)?.text;
  const node = text === undefined ? undefined : nameAt(ctx.workspace.syntax.get(span.path, text), span.start);
  return node !== undefined && plainSpecifierOf(BUNDLED_TYPESCRIPT, node) === 'import';
}

/**
 * The declaring package's build output as its rebuild will make it, for the conflict check only
 * (the domain drops edits in build output): the server maps its references there to source, so
 * the declaration's places there (the target's, and those of every declaration the server renamed
 * in the package's source with it: a class member implementing an interface member) and the
 * import and export specifiers naming it are renamed here.
 */
function declaringOutputEdits(
  ctx: CallContext,
  reach: PackageReach,
  oldName: string,
  newName: string,
  found: readonly TextEdit[],
  edited: ReadonlySet<string>,
): TextEdit[] {
  const view = viewOf(ctx);
  const { outputs, files, syntax } = ctx.workspace;
  const declaring = reach.declaring;
  const renamedInSource =
    declaring === undefined
      ? []
      : found.filter((e) => isInsideRoot(declaring.dir, e.path) && outputs.outputPackage(view, e.path) === undefined);
  const edits: TextEdit[] = [];
  for (const place of [...reach.outputs, ...renamedInSource.flatMap((e) => outputs.toOutputs(view, e))]) {
    if (!edited.has(place.path) && !edits.some((e) => e.path === place.path && e.start === place.start))
      edits.push({ ...place, newText: newName });
  }
  if (declaring === undefined) return edits;
  for (const file of view.listing.files()) {
    if (edited.has(file) || outputs.outputPackage(view, file) !== declaring) continue;
    const text = files.text(file);
    if (text === undefined || !text.includes(oldName)) continue;
    const sourceFile = syntax.get(file, text);
    const names = namesSpelled(sourceFile, oldName);
    // A file that imports the name uses it as that import (types, `extends`): each use is renamed with it.
    const imported = names.some((name) => BUNDLED_TYPESCRIPT.isImportSpecifier(name.parent));
    for (const name of names) {
      const start = name.getStart(sourceFile);
      const specifier = BUNDLED_TYPESCRIPT.isImportSpecifier(name.parent) || BUNDLED_TYPESCRIPT.isExportSpecifier(name.parent);
      if ((specifier || (imported && usesModuleName(name))) && !edits.some((e) => e.path === file && e.start === start))
        edits.push({ path: file, start, length: oldName.length, newText: newName });
    }
  }
  return edits;
}

/** A reference to a module-level name in a declaration file: a type, a base class, a `typeof`. */
function usesModuleName(name: NameNode): boolean {
  const parent = name.parent;
  return (
    (BUNDLED_TYPESCRIPT.isTypeReferenceNode(parent) && parent.typeName === name) ||
    (BUNDLED_TYPESCRIPT.isExpressionWithTypeArguments(parent) && parent.expression === name) ||
    (BUNDLED_TYPESCRIPT.isTypeQueryNode(parent) && parent.exprName === name)
  );
}

/**
 * An import in a consumer package that keeps the exported name (`import { a }`) takes the new
 * name plainly, as a rename of the exported symbol does, where the server renamed it as a local
 * alias (`a as b`, asked in that file).
 */
export function plainConsumerImports(
  ctx: CallContext,
  reach: PackageReach,
  oldName: string,
  newName: string,
  edits: readonly TextEdit[],
): TextEdit[] {
  const declaringDir = reach.declaring?.dir;
  return edits.map((edit) => {
    const consumer = declaringDir !== undefined && !isInsideRoot(declaringDir, edit.path);
    return consumer && edit.newText === `${oldName} as ${newName}` && isPlainImportName(ctx, edit) ? { ...edit, newText: newName } : edit;
  });
}
