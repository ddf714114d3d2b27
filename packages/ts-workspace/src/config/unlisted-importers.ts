import { isDeclarationFile } from '@mcp-lsp-bridge/domain';
import { BUNDLED_TYPESCRIPT } from '@mcp-lsp-bridge/ts-syntax';
import { DirTree, type FileListing, type FileStore } from '@mcp-lsp-bridge/workspace';
import path from 'node:path';
import type { ConfigCache } from './config-cache.js';
import { importResolver } from './import-resolution.js';
import { projectFiles, unlistedFiles, type WorkspaceConfigs } from './discovery.js';

/** What one unlisted file imports, as resolved for its content version and the listing's revision. */
interface FileImports {
  readonly version: string;
  readonly revision: number;
  readonly found: WorkspaceConfigs;
  readonly targets: readonly string[];
}

/** The answer for a root, kept while the listing, the configs and every candidate's content stay the same. */
interface RootAnswer {
  readonly listing: FileListing;
  readonly revision: number;
  readonly found: WorkspaceConfigs;
  /** The unlisted source files (not declarations, not build output) and their versions when answered. */
  readonly candidates: ReadonlyMap<string, string | undefined>;
  readonly importers: readonly string[];
}

/**
 * The workspace's source files no config lists (`test/` outside a tsconfig's `include`) that
 * import a file some config lists, directly or through another such file: an ES `import` or
 * `export … from`, a dynamic `import()`, a `require`, as the compiler resolves them with the
 * options of the file's nearest config. A search for the uses of a project's symbol must read
 * them (they may use it, and a rename that left them out would leave them spelling the old
 * name); each is served by its nearest config's project (EC-001.5). Declaration files and the
 * configs' build output (`outDir`, `declarationDir`) are not sources of the workspace and stay
 * out. Kept per root while the listing's revision, the configs and the candidates' contents
 * stay the same, so a warm call reads no file, and one in a workspace without unlisted files
 * looks at nothing; a file created or edited since is looked at again by the next call.
 */
export class UnlistedImporters {
  private readonly answers = new Map<string, RootAnswer>();
  private readonly imports = new Map<string, FileImports>();

  constructor(
    private readonly files: FileStore,
    private readonly configs: ConfigCache,
  ) {}

  importers(root: string, found: WorkspaceConfigs, listing: FileListing): readonly string[] {
    const revision = listing instanceof DirTree ? listing.revision : -1;
    const known = this.answers.get(root);
    if (known !== undefined && revision >= 0 && known.listing === listing && known.revision === revision && known.found === found) {
      if ([...known.candidates].every(([file, version]) => this.files.version(file) === version)) return known.importers;
    }
    const candidates =
      known !== undefined && known.listing === listing && known.revision === revision && known.found === found && revision >= 0
        ? [...known.candidates.keys()]
        : unlistedFiles(root, found, listing).filter((file) => !isDeclarationFile(file) && !isBuildOutput(found, file));
    const importers = candidates.length === 0 ? [] : this.closure(root, found, listing, revision, candidates);
    const versions = new Map(candidates.map((file) => [file, this.files.version(file)]));
    if (revision >= 0) this.answers.set(root, { listing, revision, found, candidates: versions, importers });
    return importers;
  }

  /** The files of `among` that import `target` (a real path), as their compiler resolves it; remembered like the unlisted files' imports. */
  importersAmong(root: string, found: WorkspaceConfigs, listing: FileListing, among: readonly string[], target: string): string[] {
    const revision = listing instanceof DirTree ? listing.revision : -1;
    return among.filter((file) => file !== target && this.importsOf(root, found, revision, file).includes(target));
  }

  /** The candidates that import a listed file, then those that import one of them, until none is added. */
  private closure(root: string, found: WorkspaceConfigs, listing: FileListing, revision: number, candidates: readonly string[]): string[] {
    const reached = new Set(projectFiles(root, found, listing));
    const importers = new Set<string>();
    const targets = new Map(candidates.map((file) => [file, this.importsOf(root, found, revision, file)]));
    for (let added = true; added;) {
      added = false;
      for (const [file, imported] of targets) {
        if (importers.has(file) || !imported.some((target) => reached.has(target))) continue;
        importers.add(file);
        reached.add(file);
        added = true;
      }
    }
    return [...importers].sort();
  }

  /** The workspace files `file` imports, by real path; remembered by content version and listing revision. */
  private importsOf(root: string, found: WorkspaceConfigs, revision: number, file: string): readonly string[] {
    const version = this.files.version(file);
    const text = this.files.text(file);
    if (version === undefined || text === undefined) return [];
    const known = this.imports.get(file);
    if (known !== undefined && known.version === version && known.revision === revision && known.found === found && revision >= 0) {
      return known.targets;
    }
    const resolver = importResolver(this.files, this.configs, root, path.dirname(file));
    const targets = new Set<string>();
    for (const { fileName: specifier } of BUNDLED_TYPESCRIPT.preProcessFile(text, true, true).importedFiles) {
      const resolved = resolver.resolve(file, specifier);
      if (resolved !== undefined) targets.add(resolved);
    }
    const answer = [...targets];
    this.imports.set(file, { version, revision, found, targets: answer });
    return answer;
  }
}

/** Under a usable config's `outDir` or `declarationDir`: the build's output, not a source of the workspace. */
function isBuildOutput(found: WorkspaceConfigs, file: string): boolean {
  return found.configs.some(({ parsed: { options } }) =>
    [options.outDir, options.declarationDir].some((dir) => dir !== undefined && file.startsWith(`${path.resolve(dir)}${path.sep}`)),
  );
}
