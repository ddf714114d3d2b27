import { toolError, type ToolError } from '../errors/bridge-error.js';
import { ErrorCode } from '../errors/error-codes.js';
import { serverFailureOf } from '../errors/server-failure.js';
import type {
  BuildOutputFile,
  FileFailure,
  FileOffset,
  QueryScope,
  RenameLocations,
  SourceSpan,
  TextEdit,
  PublicExport,
  UnreachedPackage,
} from '../ports/symbol-index.js';
import { unreachedPackages } from '../rules/package-reach.js';
import { displayPath, isInsideRoot } from '../rules/paths.js';
import { serverRenameRefusal } from '../rules/server-failures.js';
import { spanKey } from '../rules/spans.js';
import type { BridgePorts } from './ports.js';
import { RENAME_SYMBOL } from '../catalogue/operation-names.js';

/** Every edit of a rename, and the exact text of each file they were computed from. */
export interface RenamePlan {
  readonly edits: readonly TextEdit[];
  readonly texts: ReadonlyMap<string, string>;
  /** Files that may use the symbol but could not be processed: the rename could not reach them. */
  readonly failures: readonly FileFailure[];
  /** The files among the edits that are a workspace package's build output. */
  readonly buildOutputs: readonly BuildOutputFile[];
  /** Workspace packages that may use the symbol but could not be searched. */
  readonly unreached: readonly UnreachedPackage[];
  /** Where the declaring packages' entry points export the symbol (before the rename). */
  readonly publicExports: readonly PublicExport[];
  /** Names spelled like the symbol where no edit reaches, which the service cannot resolve. */
  readonly unresolved: readonly SourceSpan[];
  /** Names spelled like the symbol in files outside the service's build that its package reaches. */
  readonly outsideBuild: readonly SourceSpan[];
}

/**
 * Where a rename goes, decided here for every backend. The service's locations, with two
 * changes to where a language service stops:
 * - asked at an import that keeps the exported name (`import { foo }`, `const { foo } = require(…)`,
 *   or a use of it), a service renames only the local alias (`import { foo as bar }`,
 *   `{ foo: bar }`); renaming from either side of a module boundary means renaming the exported
 *   symbol, so the rename starts again at the declaration;
 * - where a service keeps a re-exported name stable (`export { bar as foo } from`), the rename
 *   goes on through the re-export to its importers, so a symbol renamed in a package is renamed
 *   in the packages that import it through a barrel; the same through CommonJS's export and
 *   import aliases (`module.exports = { foo }`, `const { foo } = require(…)`), which TypeScript
 *   binds as `export { foo }` and `import { foo }`. (Other shorthand properties and destructuring
 *   keep their prefixes: those protect object shapes, not module APIs.)
 */
export async function planRename(
  ports: BridgePorts,
  scope: QueryScope,
  at: FileOffset,
  oldName: string,
  newName: string,
): Promise<RenamePlan | ToolError> {
  const texts = new Map<string, string>();
  const failures = new Map<string, FileFailure>();
  const outputs = new Map<string, BuildOutputFile>();
  const unreached = new Map<string, UnreachedPackage>();
  const publicExports = new Map<string, PublicExport>();
  const unresolved = new Map<string, SourceSpan>();
  const outsideBuild = new Map<string, SourceSpan>();
  const locate = async (site: FileOffset): Promise<readonly TextEdit[] | ToolError> => {
    let answer: RenameLocations;
    try {
      answer = await ports.symbols.renameLocations(scope, site, newName);
    } catch (thrown) {
      // A server may refuse the rename itself because the new name is taken: the user's choice, not its failure.
      const failure = serverFailureOf(thrown);
      const conflict = failure && serverRenameRefusal(failure, displayPath(scope.workspaceRoot, site.path), newName);
      if (conflict === undefined) throw thrown;
      return { success: false, error: conflict };
    }
    for (const failure of answer.failures) if (!failures.has(failure.path)) failures.set(failure.path, failure);
    for (const output of answer.buildOutputs ?? []) outputs.set(output.path, output);
    for (const pkg of unreachedPackages(answer.packages)) if (!unreached.has(pkg.packageDir)) unreached.set(pkg.packageDir, pkg);
    for (const span of answer.unresolved ?? []) unresolved.set(spanKey(span), span);
    for (const span of answer.outsideBuild ?? []) outsideBuild.set(spanKey(span), span);
    for (const found of answer.publicExports ?? [])
      publicExports.set(`${found.packageDir}\0${found.entryPoint}\0${found.exportedName}`, found);
    // A file being written meanwhile (seen empty) may use the symbol once written: planned again when it is.
    const changed = answer.inFlux?.[0] ?? mergeTexts(texts, answer) ?? misplaced(texts, answer.edits, oldName);
    return changed === undefined ? answer.edits : fileChanged(scope, changed);
  };
  const specifier = (edit: TextEdit): 'import' | 'export' | undefined => {
    const text = texts.get(edit.path);
    return text === undefined ? undefined : ports.syntax.plainSpecifierAt(edit.path, text, edit.start);
  };

  let start = at;
  let first = await locate(at);
  if ('success' in first) return first;
  // The local side of an import renamed alone: `import { a as b }`, or CommonJS's `const { a: b } = require(…)`.
  const localOnly = (e: TextEdit): boolean =>
    (e.newText === `${oldName} as ${newName}` || e.newText === `${oldName}: ${newName}`) && specifier(e) === 'import';
  if (first.some(localOnly)) {
    const declaration = await declarationNamed(ports, scope, at, oldName);
    if (declaration !== undefined) {
      start = { path: declaration.path, offset: declaration.start };
      first = await locate(start);
      if ('success' in first) return first;
    }
  }

  const result = new Map<string, TextEdit>();
  const plain = new Set<string>();
  const visited = new Set([spanKey({ path: start.path, start: start.offset })]);
  const queue: TextEdit[] = [];
  const take = (edits: readonly TextEdit[]): void => {
    for (const edit of edits) {
      const key = spanKey(edit);
      const passesThrough = passesNameThrough(edit, specifier(edit), oldName, newName);
      if (passesThrough) {
        result.set(key, { ...edit, newText: newName });
        plain.add(key);
        if (!visited.has(key)) {
          visited.add(key);
          queue.push(edit);
        }
      } else if (!plain.has(key) && !result.has(key)) {
        result.set(key, edit);
      }
    }
  };
  take(first);
  for (let site = queue.pop(); site !== undefined; site = queue.pop()) {
    const more = await locate({ path: site.path, offset: site.start });
    if ('success' in more) return more;
    take(more);
  }
  const edits = [...result.values()];
  const used = new Map([...texts].filter(([path]) => edits.some((e) => e.path === path)));
  return {
    edits,
    texts: used,
    failures: [...failures.values()],
    buildOutputs: [...outputs.values()],
    // One call may not reach a package a later one did (through a re-export it followed): reached is reached.
    unreached: [...unreached.values()].filter((pkg) => !edits.some((e) => !outputs.has(e.path) && isInsideRoot(pkg.packageDir, e.path))),
    publicExports: [...publicExports.values()],
    // A later call may have reached the name (through a re-export it followed): only names no edit reaches.
    unresolved: [...unresolved.values()].filter((span) => !edited(edits, span)),
    outsideBuild: [...outsideBuild.values()].filter((span) => !edited(edits, span)),
  };
}

function edited(edits: readonly TextEdit[], span: SourceSpan): boolean {
  return edits.some((e) => e.path === span.path && e.start <= span.start && span.start < e.start + e.length);
}

/**
 * Where a service kept a module's name stable and the rename goes on instead: a re-export
 * (`export { b as a } from`, `export { a as b }`), and CommonJS's aliases, which TypeScript binds
 * as an export and an import but renames as object shapes: a member of `module.exports = { a }`
 * (`{ a: b }`) and, from the export's side, `const { a } = require(…)` (`{ b: a }`).
 */
function passesNameThrough(edit: TextEdit, specifier: 'import' | 'export' | undefined, oldName: string, newName: string): boolean {
  if (specifier === 'export') {
    return (
      edit.newText === `${newName} as ${oldName}` ||
      edit.newText === `${oldName} as ${newName}` ||
      edit.newText === `${oldName}: ${newName}`
    );
  }
  return specifier === 'import' && edit.newText === `${newName}: ${oldName}`;
}

/** The declaration the name at `at` refers to that is spelled `name` (the exported one, not an alias). */
async function declarationNamed(ports: BridgePorts, scope: QueryScope, at: FileOffset, name: string): Promise<SourceSpan | undefined> {
  for (const definition of await ports.symbols.definitions(scope, at)) {
    const text = await ports.symbols.sourceText(scope, definition.path);
    if (text?.slice(definition.start, definition.start + definition.length) === name) return definition;
  }
  return undefined;
}

/** Adds the answer's texts; returns a path whose text differs from the one an earlier answer had. */
function mergeTexts(texts: Map<string, string>, answer: RenameLocations): string | undefined {
  for (const [path, text] of answer.texts) {
    const known = texts.get(path);
    if (known !== undefined && known !== text) return path;
    texts.set(path, text);
  }
  return undefined;
}

/**
 * A file in which an edit does not replace the old name: the service computed its edits on
 * another text than the one it said it had (a file read again between its read and ours), so
 * they would land in the wrong places. (An edit may replace more than the name, a whole
 * document for some servers, but always the name with it.)
 */
function misplaced(texts: ReadonlyMap<string, string>, edits: readonly TextEdit[], oldName: string): string | undefined {
  return edits.find((edit) => {
    const text = texts.get(edit.path);
    return text !== undefined && !text.slice(edit.start, edit.start + edit.length).includes(oldName);
  })?.path;
}

export function fileChanged(scope: QueryScope, path: string): ToolError {
  const file = displayPath(scope.workspaceRoot, path);
  return toolError(
    ErrorCode.FILE_CHANGED,
    `${file} changed while the rename was being computed. Nothing was changed.`,
    `Call ${RENAME_SYMBOL} again: the next call sees the file as it is now.`,
  );
}
