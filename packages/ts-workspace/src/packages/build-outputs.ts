import { isDeclarationFile, isWorkspaceSource, type SourceSpan } from '@mcp-lsp-bridge/domain';
import { BUNDLED_TYPESCRIPT as api, nameAt } from '@mcp-lsp-bridge/ts-syntax';
import path from 'node:path';
import type ts from 'typescript';
import type { ConfigCache } from '../config/config-cache.js';
import { importResolver } from '../config/import-resolution.js';
import type { FileListing, FileStore } from '@mcp-lsp-bridge/workspace';
import type { SyntaxCache } from '../syntax/syntax-cache.js';
import { declarationChain, findByChain } from './declaration-chain.js';
import { DeclarationMaps } from './declaration-maps.js';
import { ListingFactsCache, type ListingFacts } from './listing-facts.js';
import { namesPackage } from './package-imports.js';
import { packageOf, type WorkspacePackage } from './workspace-packages.js';

/** One call's view of the workspace: its root and listing. */
export interface WorkspaceView {
  readonly root: string;
  readonly listing: FileListing;
}

/** Where a package's tsconfig puts the declaration files it builds from which sources. */
interface OutputDir {
  readonly sourceDir: string;
  readonly outputDir: string;
}

const SOURCE_EXTENSIONS: readonly (readonly [string, string])[] = [
  ['.ts', '.d.ts'],
  ['.tsx', '.d.ts'],
  ['.mts', '.d.mts'],
  ['.cts', '.d.cts'],
];

/**
 * A workspace package's build output (`dist/**\/*.d.ts`) and its source, both ways: through the
 * declaration maps when the build wrote them, else through the package's tsconfig
 * (`rootDir` → `outDir`/`declarationDir`), the position found by the declaration's names. So a
 * consumer that imports a package by name (resolved to its built declarations) and the package's
 * own source are one codebase to the queries.
 */
export class BuildOutputs {
  private readonly maps: DeclarationMaps;
  /** Packages and build output files, read again only when the listing or a manifest changed. */
  private readonly facts: ListingFactsCache;
  /** What depends on the disk beyond the listing (which entry points are built), looked at once per call (a generation of the file store). */
  private memo:
    | {
        generation: number;
        root: string;
        facts: ListingFacts;
        mapFiles: Map<WorkspacePackage, string[]>;
        sourceFiles: Map<WorkspacePackage, string[]>;
        /** Where an import resolves, by the importing file's directory and the specifier. */
        resolved: Map<string, string | undefined>;
        unbuilt?: boolean;
      }
    | undefined;

  constructor(
    private readonly files: FileStore,
    private readonly syntax: SyntaxCache,
    private readonly configs: ConfigCache,
  ) {
    this.maps = new DeclarationMaps(files);
    this.facts = new ListingFactsCache(files);
  }

  packages(view: WorkspaceView): WorkspacePackage[] {
    return this.memoOf(view).facts.packages;
  }

  /** The workspace package `file` is build output of (a declaration file its build wrote), if any. */
  outputPackage(view: WorkspaceView, file: string): WorkspacePackage | undefined {
    if (!isDeclarationFile(file) || !isWorkspaceSource(view.root, file)) return undefined;
    const pkg = packageOf(this.packages(view), file);
    if (pkg === undefined) return undefined;
    if (this.maps.sourcesOf(`${file}.map`).length > 0) return pkg;
    return this.outputDirs(view, pkg).some((d) => isUnder(d.outputDir, file)) ? pkg : undefined;
  }

  /** The source of a span in build output (a declaration's name, or a name the map maps); `undefined` when it cannot be told. */
  toSource(view: WorkspaceView, span: SourceSpan): SourceSpan | undefined {
    const output = this.tree(span.path);
    if (output === undefined) return undefined;
    const chain = declarationChain(output, span.start);
    const mapped = this.maps.toSource(`${span.path}.map`, lineColumn(output, span.start));
    if (mapped !== undefined) {
      const source = this.tree(mapped.path);
      if (source !== undefined) {
        const offset = offsetOf(source, mapped);
        const name = offset === undefined ? undefined : nameAt(api, source, offset);
        const text = span.length > 0 ? output.text.slice(span.start, span.start + span.length) : undefined;
        if (name !== undefined && name.text === text) return { path: mapped.path, start: name.getStart(source), length: name.text.length };
        const byChain = chain === undefined ? [] : findByChain(source, chain);
        if (byChain[0] !== undefined) return { path: mapped.path, start: byChain[0], length: chain?.at(-1)?.length ?? span.length };
      }
    }
    if (chain === undefined) return undefined;
    const pkg = packageOf(this.packages(view), span.path);
    for (const dirs of pkg === undefined ? [] : this.outputDirs(view, pkg)) {
      for (const candidate of sourceCandidates(dirs, span.path)) {
        const source = this.tree(candidate);
        const found = source === undefined ? undefined : findByChain(source, chain)[0];
        if (found !== undefined) return { path: candidate, start: found, length: chain.at(-1)?.length ?? span.length };
      }
    }
    return undefined;
  }

  /**
   * Spans as a query answers them: a span in a workspace package's build output becomes the span
   * of its source (with `drop`, is left out), and one whose source cannot be told is left out:
   * its package's source is searched on its own, so its counterpart there is found anyway.
   */
  inSource(view: WorkspaceView, spans: readonly SourceSpan[], unmapped: 'map' | 'drop' = 'map'): SourceSpan[] {
    const out: SourceSpan[] = [];
    for (const span of spans) {
      if (this.outputPackage(view, span.path) === undefined) out.push(span);
      else if (unmapped === 'map') {
        const source = this.toSource(view, span);
        if (source !== undefined) out.push(source);
      }
    }
    return out;
  }

  /** Where the declaration named at `span` (in a workspace package's source) is in that package's build output. */
  toOutputs(view: WorkspaceView, span: SourceSpan): SourceSpan[] {
    const source = this.tree(span.path);
    const chain = source === undefined ? undefined : declarationChain(source, span.start);
    const pkg = packageOf(this.packages(view), span.path);
    if (source === undefined || chain === undefined || pkg === undefined) return [];
    const found: SourceSpan[] = [];
    const add = (file: string, start: number): void => {
      if (!found.some((f) => f.path === file && f.start === start)) found.push({ path: file, start, length: chain.at(-1)?.length ?? 0 });
    };
    for (const mapFile of this.mapFilesOf(view, pkg)) {
      if (!this.maps.sourcesOf(mapFile).includes(span.path)) continue;
      const file = mapFile.slice(0, -'.map'.length);
      const output = this.tree(file);
      if (output === undefined) continue;
      const at = this.maps.toOutput(mapFile, span.path, lineColumn(source, span.start));
      const offset = at === undefined ? undefined : offsetOf(output, at);
      const chainThere = offset === undefined ? undefined : declarationChain(output, offset);
      if (offset !== undefined && chainThere?.join('.') === chain.join('.'))
        add(file, nameAt(api, output, offset)?.getStart(output) ?? offset);
      else for (const start of findByChain(output, chain)) add(file, start);
    }
    if (found.length > 0) return found;
    for (const dirs of this.outputDirs(view, pkg)) {
      const file = outputOf(dirs, span.path);
      const output = file === undefined ? undefined : this.tree(file);
      if (file !== undefined && output !== undefined) for (const start of findByChain(output, chain)) add(file, start);
    }
    return found;
  }

  /**
   * The source file a file an entry point names is built from (`dist/index.js` and
   * `dist/index.d.ts` → `src/index.ts`), through its declaration map or the package's
   * rootDir/outDir; the file itself when it is source. `undefined` when it cannot be told.
   */
  sourceFileOf(view: WorkspaceView, file: string): string | undefined {
    const declaration = file.replace(/\.([mc]?)jsx?$/, (_, kind: string) => `.d.${kind}ts`);
    if (!isDeclarationFile(declaration)) return this.files.fileExists(file) ? file : undefined;
    const mapped = this.maps.sourcesOf(`${declaration}.map`);
    if (mapped.length === 1) return mapped[0];
    const pkg = packageOf(this.packages(view), declaration);
    for (const dirs of pkg === undefined ? [] : this.outputDirs(view, pkg)) {
      const found = sourceCandidates(dirs, declaration).find((candidate) => this.files.fileExists(candidate));
      if (found !== undefined) return found;
    }
    return undefined;
  }

  /**
   * The source file an import of a workspace package by name (`@scope/pkg`, `@scope/pkg/sub`)
   * stands for while the entry point it names is not built yet: the entry's target mapped to
   * its source (`dist/index.d.ts` → `src/index.ts`). `undefined` when the specifier names no
   * workspace package's entry point, when the entry point exists (the compiler resolves it), or
   * when its source cannot be told.
   */
  unbuiltSource(view: WorkspaceView, specifier: string): string | undefined {
    for (const pkg of this.packages(view)) {
      if (pkg.name === undefined || !namesPackage(specifier, pkg.name)) continue;
      const subpath = `.${specifier.slice(pkg.name.length)}`;
      const entry = pkg.entryPoints.find((e) => e.subpath === subpath);
      if (entry === undefined || entry.targets.some((target) => this.files.fileExists(target))) return undefined;
      for (const target of entry.targets) {
        const source = this.sourceFileOf(view, target);
        if (source !== undefined && source !== target && this.files.fileExists(source)) return source;
      }
      return undefined;
    }
    return undefined;
  }

  /**
   * Whether the compiler of `file` (the options of its nearest tsconfig) resolves `specifier` to
   * a source file of `pkg` (not a declaration file): the file then sees the package's source.
   */
  resolvesToSource(view: WorkspaceView, file: string, specifier: string, pkg: WorkspacePackage): boolean {
    const memo = this.memoOf(view);
    const key = `${path.dirname(file)}\0${specifier}`;
    if (!memo.resolved.has(key))
      memo.resolved.set(key, importResolver(this.files, this.configs, view.root, path.dirname(file)).resolve(file, specifier));
    const target = memo.resolved.get(key);
    return target !== undefined && isUnder(pkg.dir, target) && !isDeclarationFile(target);
  }

  /** Whether some workspace package's entry point is not built yet while its source can be told (see `unbuiltSource`). */
  hasUnbuilt(view: WorkspaceView): boolean {
    const memo = this.memoOf(view);
    memo.unbuilt ??= memo.facts.packages.some(
      (pkg) =>
        pkg.name !== undefined && pkg.entryPoints.some((e) => this.unbuiltSource(view, `${pkg.name}${e.subpath.slice(1)}`) !== undefined),
    );
    return memo.unbuilt;
  }

  /**
   * The other paths a workspace package's file has for the packages that depend on it: under
   * each `node_modules/<name>` link to the package (pnpm's per consumer, or one hoisted to the
   * root). A language server resolved a consumer's import there, so a file created in the
   * package (its first build) is announced there too.
   */
  linkedPaths(view: WorkspaceView, file: string): string[] {
    const packages = this.packages(view);
    const pkg = packageOf(packages, file);
    const name = pkg?.name;
    if (pkg === undefined || name === undefined || file.includes('/node_modules/')) return [];
    const relative = path.relative(pkg.dir, file);
    const consumers = [view.root, ...packages.filter((p) => p !== pkg && p.dependencies.has(name)).map((p) => p.dir)];
    const linked: string[] = [];
    for (const dir of new Set(consumers)) {
      const link = path.join(dir, 'node_modules', name);
      if (this.files.realpath(link) !== pkg.dir) continue;
      // Its directories too, outermost first: a server may watch the package's folder for a new `dist/`.
      const parts = relative.split(path.sep);
      for (let depth = 1; depth <= parts.length; depth++) linked.push(path.join(link, ...parts.slice(0, depth)));
    }
    return linked;
  }

  /**
   * Whether consumers may see the package through build output: a declaration map, a declaration
   * file in its tsconfig's outDir, or one its package.json names for consumers (`types`, `exports`).
   */
  hasOutput(view: WorkspaceView, pkg: WorkspacePackage): boolean {
    if (this.mapFilesOf(view, pkg).length > 0) return true;
    if (pkg.typesEntries.some((entry) => this.files.fileExists(entry))) return true;
    const dirs = this.outputDirs(view, pkg);
    return this.memoOf(view).facts.declarationFiles.some((f) => dirs.some((d) => isUnder(d.outputDir, f)));
  }

  /** A package's source files of a supported language, its build output left out. */
  sourceFilesOf(view: WorkspaceView, pkg: WorkspacePackage): readonly string[] {
    const memo = this.memoOf(view);
    let found = memo.sourceFiles.get(pkg);
    if (found === undefined) {
      found = (memo.facts.sourceFiles.get(pkg) ?? []).filter((f) => this.outputPackage(view, f) === undefined);
      memo.sourceFiles.set(pkg, found);
    }
    return found;
  }

  private mapFilesOf(view: WorkspaceView, pkg: WorkspacePackage): string[] {
    const memo = this.memoOf(view);
    let found = memo.mapFiles.get(pkg);
    if (found === undefined) {
      found = memo.facts.mapFiles.filter((f) => packageOf(memo.facts.packages, f) === pkg);
      memo.mapFiles.set(pkg, found);
    }
    return found;
  }

  private memoOf(view: WorkspaceView): NonNullable<BuildOutputs['memo']> {
    const generation = this.files.currentGeneration;
    if (this.memo?.generation !== generation || this.memo.root !== view.root) {
      this.memo = {
        generation,
        root: view.root,
        facts: this.facts.of(view.root, view.listing),
        mapFiles: new Map(),
        sourceFiles: new Map(),
        resolved: new Map(),
      };
    }
    return this.memo;
  }

  /** The output directories the package's tsconfigs (`tsconfig*.json` beside its package.json) declare. */
  private outputDirs(view: WorkspaceView, pkg: WorkspacePackage): OutputDir[] {
    const dirs: OutputDir[] = [];
    for (const name of view.listing.filesIn(pkg.dir) ?? []) {
      if (!/^tsconfig.*\.json$/.test(name)) continue;
      const config = this.configs.tryGet(path.join(pkg.dir, name), view.root);
      const options = config?.parsed.options;
      const outputDir = options?.declarationDir ?? options?.outDir;
      if (config === undefined || outputDir === undefined) continue;
      const sourceDir = options?.rootDir ?? commonDir(config.parsed.fileNames.filter((f) => !isDeclarationFile(f))) ?? pkg.dir;
      dirs.push({ sourceDir: this.files.realpath(sourceDir), outputDir: this.files.realpath(outputDir) });
    }
    return dirs;
  }

  private tree(file: string): ts.SourceFile | undefined {
    const text = this.files.text(file);
    return text === undefined ? undefined : this.syntax.get(file, text);
  }
}

function isUnder(dir: string, file: string): boolean {
  return file.startsWith(`${dir}/`);
}

function lineColumn(sourceFile: ts.SourceFile, offset: number): { line: number; column: number } {
  const at = sourceFile.getLineAndCharacterOfPosition(offset);
  return { line: at.line + 1, column: at.character };
}

function offsetOf(sourceFile: ts.SourceFile, at: { line: number; column: number }): number | undefined {
  const starts = sourceFile.getLineStarts();
  const start = starts[at.line - 1];
  if (start === undefined) return undefined;
  const end = starts[at.line] ?? sourceFile.text.length;
  return start + at.column <= end ? start + at.column : undefined;
}

function outputOf(dirs: OutputDir, source: string): string | undefined {
  if (!isUnder(dirs.sourceDir, source) || isDeclarationFile(source)) return undefined;
  const pair = SOURCE_EXTENSIONS.find(([ext]) => source.endsWith(ext));
  if (pair === undefined) return undefined;
  const relative = path.relative(dirs.sourceDir, source);
  return path.join(dirs.outputDir, relative.slice(0, -pair[0].length) + pair[1]);
}

function sourceCandidates(dirs: OutputDir, output: string): string[] {
  if (!isUnder(dirs.outputDir, output)) return [];
  const relative = path.relative(dirs.outputDir, output);
  return SOURCE_EXTENSIONS.filter(([, out]) => relative.endsWith(out)).map(([ext, out]) =>
    path.join(dirs.sourceDir, relative.slice(0, -out.length) + ext),
  );
}

function commonDir(files: readonly string[]): string | undefined {
  let common: string | undefined;
  for (const file of files) {
    const dir = path.dirname(file);
    if (common === undefined) common = dir;
    while (common !== undefined && dir !== common && !dir.startsWith(`${common}/`)) {
      const up = path.dirname(common);
      common = up === common ? undefined : up;
    }
  }
  return common;
}
