import type { FileFailure } from '@mcp-lsp-bridge/domain';
import { INFERRED_OPTIONS, inferredFiles, isStackOverflow, type ParsedConfig, type ProjectSpec } from '@mcp-lsp-bridge/ts-workspace';
import type { WatchItem } from '@mcp-lsp-bridge/workspace';
import path from 'node:path';
import type { TypeScriptApi } from '@mcp-lsp-bridge/ts-syntax';
import type ts from 'typescript';
import type { AdapterContext, ProjectCompiler } from '../adapter-context.js';
import { createHost, type HostState, type SourceRedirects } from './language-service-host.js';
import { ProbeWatch } from './probe-watch.js';

let overlayCounter = 0;

interface NavigationView {
  readonly ls: ts.LanguageService;
  /** Whether its program resolved an import the compiler's own resolution leaves unresolved. */
  redirected(): boolean;
}

/** How many files one program build may leave out for overflowing the parser before the failure stands. */
const MAX_UNPARSABLE_FILES = 16;

/**
 * One LanguageService per project config (or inferred root), kept warm across calls, made by
 * the project's compiler: its own `typescript` module (`ts`) when it has a usable one, which
 * also parses its config and owns every node of its program.
 * `syncWithDisk` is the freshness step every port call runs first: it re-checks the config, the
 * directories its file list comes from, the files of the program and the paths module
 * resolution probed, and bumps the project version only if something changed. What the
 * watcher covers is looked at only where it reported a change; the rest (files in
 * node_modules, outside the root, behind links, or everything when there is no watcher) is
 * stat'ed. So a call on an unchanged, watched project does no per-file work at all.
 */
export class Project {
  /** The service over the compiler's own module resolution. */
  private readonly plain: ts.LanguageService;
  /** The navigation view, while a workspace package is not built yet (see `syncNavigationView`). */
  private navigation: NavigationView | undefined;
  /** The TypeScript module of this project's compiler: every node of its program is this module's. */
  readonly ts: TypeScriptApi;
  private projectVersion = 0;
  private baseNames: readonly string[] = [];
  private rootNames: string[] = [];
  private readonly extraRoots = new Set<string>();
  private options: ts.CompilerOptions = INFERRED_OPTIONS;
  private references: readonly ts.ProjectReference[] | undefined;
  private config: ParsedConfig | undefined;
  private readonly referenced = new Map<string, ParsedConfig | undefined>();
  private treeRevision = -1;
  private readonly probes: ProbeWatch;
  private invalidated = false;
  /** Versions of the program's files when last synced, and the project version they belong to. */
  private readonly known = new Map<string, string | undefined>();
  private knownAt = -1;
  /** Every directory holding a file of `known`: a change reported for one may concern them. */
  private knownDirs = new Set<string>();
  /** Files of `known` the watcher does not cover: compared on every sync. */
  private unwatched: string[] = [];
  /** The journal position this project has seen changes up to. */
  private cursor = -1;
  private syncedGeneration = -1;
  private overlayFiles: Map<string, { text: string; version: string }> | undefined;
  /** The file whose text the compiler asked for last: the one it was parsing if it failed. */
  private lastRequested: string | undefined;
  /** `failures()` of the last program asked. */
  private foundFailures: { readonly program: ts.Program; readonly failures: readonly FileFailure[] } | undefined;

  constructor(
    private readonly ctx: AdapterContext,
    readonly spec: ProjectSpec,
    readonly compiler: ProjectCompiler,
  ) {
    this.ts = compiler.api;
    this.probes = new ProbeWatch(ctx.workspace.watch);
    this.plain = this.ts.createLanguageService(createHost(ctx, this.ts, this.hostState()), ctx.registryFor(this.ts));
  }

  /** The service navigation asks: the navigation view while there is one, else the compiler's own. */
  get ls(): ts.LanguageService {
    return this.navigation?.ls ?? this.plain;
  }

  /**
   * The service diagnostics come from: always the compiler's own module resolution, so an
   * import of a package not built yet is the error the project's compiler reports.
   */
  get diagnosticsLs(): ts.LanguageService {
    return this.navigation?.redirected() === true ? this.plain : this.ls;
  }

  private hostState(): HostState {
    return {
      currentDirectory: this.spec.kind === 'config' ? path.dirname(this.spec.configPath) : this.spec.root,
      probes: this.probes,
      rootNames: () => this.rootNames,
      options: () => this.options,
      references: () => this.references,
      version: () => String(this.projectVersion),
      overlay: (file) => this.overlayFiles?.get(file),
      resolutionsInvalidated: () => this.invalidated,
      textRequested: (file) => (this.lastRequested = file),
    };
  }

  /**
   * Before a workspace package's first build, its consumers' compiler cannot resolve it (the
   * entry point in `dist/` does not exist): their program stops at the package boundary. The
   * navigation view is a second service of the same project whose resolution takes such an
   * import to the package's source, so references, definitions and renames cross packages as
   * they will once it is built; diagnostics stay with the compiler's own resolution. It exists
   * only while some package is unbuilt, and shares the document registry (parsed files) with
   * the plain service.
   */
  private syncNavigationView(root: string): void {
    const { outputs } = this.ctx.workspace;
    const view = this.ctx.workspace.view(root);
    if (!outputs.hasUnbuilt(view)) {
      if (this.navigation === undefined) return;
      this.navigation.ls.dispose();
      this.navigation = undefined;
      // The files `known` are the view's program's: the plain one's are learnt anew.
      this.knownAt = -1;
      return;
    }
    if (this.navigation !== undefined) return;
    this.knownAt = -1;
    const counts = new Map<string, number>();
    const redirects: SourceRedirects = {
      sourceOf: (specifier) => outputs.unbuiltSource(this.ctx.workspace.view(root), specifier),
      redirected: (file, count) => counts.set(file, count),
    };
    const ls = this.ts.createLanguageService(createHost(this.ctx, this.ts, this.hostState(), redirects), this.ctx.registryFor(this.ts));
    this.navigation = { ls, redirected: () => [...counts.values()].some((count) => count > 0) };
  }

  get key(): string {
    return this.spec.key;
  }

  /** Whether the program was built at least once. */
  get loaded(): boolean {
    return this.syncedGeneration >= 0;
  }

  /** Serves a file outside the config's file list (EC-001.5). */
  addExtraRoot(file: string): void {
    if (this.extraRoots.has(file) || this.baseNames.includes(file)) return;
    this.extraRoots.add(file);
    this.rebuildRoots();
    this.projectVersion++;
  }

  /** Brings the service up to date with the disk, once per call. Throws CONFIG_NOT_FOUND for a broken config. */
  syncWithDisk(root: string): void {
    const generation = this.ctx.files.currentGeneration;
    if (this.syncedGeneration === generation) return;
    const { changes, head } = this.ctx.workspace.changesSince(this.cursor);
    this.syncNavigationView(root);
    // Roots added or an overlay used since the last sync: `known` may not cover the program.
    let changed = this.syncRoots(root) || this.knownAt !== this.projectVersion;
    if (this.probes.recheck(changes)) {
      this.invalidated = true;
      changed = true;
    }
    if (!changed)
      changed = changes === undefined || changes.some((c) => this.concerns(c)) ? this.anyKnownChanged() : this.anyUnwatchedChanged();
    if (changed) {
      this.projectVersion++;
      this.remember(this.program());
    }
    this.cursor = head;
    this.invalidated = false;
    this.syncedGeneration = generation;
  }

  /**
   * The program, up to date. A file the parser runs out of stack on (generated, nested tens of
   * thousands of levels deep) would fail every call of the project: it becomes a failure,
   * served empty like an unreadable file, and the program is built without it.
   */
  program(): ts.Program {
    for (let left = MAX_UNPARSABLE_FILES; ; left--) {
      try {
        const program = this.ls.getProgram();
        if (program === undefined) throw new Error(`The language service of ${this.key} has no program`);
        return program;
      } catch (error) {
        if (!isStackOverflow(error) || left === 0 || !this.leaveOutUnparsable()) throw error;
        this.projectVersion++;
      }
    }
  }

  /**
   * Files of the program that exist but could not be used as source text (served empty). Kept
   * with the program they were found in: a file's failure comes and goes with a new version of
   * it, and a new version is a new program (`syncWithDisk`), so an unchanged program has the
   * same failures; finding them is a look at every file of the program, which every
   * `findReferences` paid (issue 25).
   */
  failures(): FileFailure[] {
    const program = this.program();
    if (this.foundFailures?.program !== program) {
      const failures: FileFailure[] = [];
      for (const file of program.getSourceFiles()) {
        const reason = this.ctx.files.failure(file.fileName);
        if (reason !== undefined) failures.push({ path: this.ctx.files.realpath(file.fileName), reason });
      }
      this.foundFailures = { program, failures };
    }
    return [...this.foundFailures.failures];
  }

  /** Runs `body` while the service sees `texts` instead of the disk, then returns to the disk. */
  async withOverlay<T>(texts: ReadonlyMap<string, string>, body: () => T | Promise<T>): Promise<T> {
    this.overlayFiles = new Map([...texts].map(([file, text]) => [file, { text, version: `overlay${++overlayCounter}` }]));
    this.projectVersion++;
    try {
      return await body();
    } finally {
      this.overlayFiles = undefined;
      this.projectVersion++;
    }
  }

  /** Finds the file that overflowed the parser: the one being parsed, else any root file. */
  private leaveOutUnparsable(): boolean {
    const last = this.lastRequested === undefined ? [] : [this.lastRequested];
    let found = this.ctx.workspace.markUnparsable(last);
    if (found.length === 0) found = this.ctx.workspace.markUnparsable(this.rootNames, true);
    for (const file of found) this.ctx.log(`tsservice: ${file} is left out of ${this.key}: it overflows the parser`);
    return found.length > 0;
  }

  dispose(): void {
    this.navigation?.ls.dispose();
    this.plain.dispose();
  }

  /** Whether a reported change may concern a file of the program. */
  private concerns(change: WatchItem): boolean {
    return this.known.has(change.path) || (change.entry && this.knownDirs.has(change.path));
  }

  private anyKnownChanged(): boolean {
    for (const [file, version] of this.known) if (this.ctx.files.version(file) !== version) return true;
    // Nothing changed, but what the watcher covers may have: sort the files again.
    this.unwatched = [...this.known.keys()].filter((file) => !this.ctx.files.isWatched(file));
    return false;
  }

  private anyUnwatchedChanged(): boolean {
    return this.unwatched.some((file) => this.ctx.files.version(file) !== this.known.get(file));
  }

  /** The program's files and their versions now, and which of them the watcher covers. */
  private remember(program: ts.Program): void {
    this.known.clear();
    this.knownDirs.clear();
    this.unwatched = [];
    for (const { fileName } of program.getSourceFiles()) {
      this.known.set(fileName, this.ctx.files.version(fileName));
      if (!this.ctx.files.isWatched(fileName)) this.unwatched.push(fileName);
      for (let dir = path.dirname(fileName); !this.knownDirs.has(dir); dir = path.dirname(dir)) {
        this.knownDirs.add(dir);
        if (path.dirname(dir) === dir) break;
      }
    }
    this.knownAt = this.projectVersion;
  }

  private syncRoots(root: string): boolean {
    let changed = false;
    if (this.spec.kind === 'config') {
      const config = this.ctx.workspace.configsFor(this.ts).get(this.spec.configPath, root);
      if (config !== this.config) {
        this.config = config;
        this.options = config.parsed.options;
        this.references = config.parsed.projectReferences;
        this.baseNames = config.parsed.fileNames;
        changed = true;
      }
      changed = this.syncReferenced(config, root, new Set([config.path])) || changed;
    } else {
      const tree = this.ctx.workspace.trees.get(this.spec.root);
      const revision = tree.rescan(this.ctx.files.currentGeneration);
      if (revision !== this.treeRevision) {
        this.treeRevision = revision;
        const names = inferredFiles(tree);
        if (names.join('\0') !== this.baseNames.join('\0')) {
          this.baseNames = names;
          changed = true;
        }
      }
    }
    for (const extra of [...this.extraRoots]) {
      if (!this.ctx.files.fileExists(extra) || this.baseNames.includes(extra)) {
        this.extraRoots.delete(extra);
        changed = true;
      }
    }
    if (changed) this.rebuildRoots();
    return changed;
  }

  /** Referenced configs are TypeScript's to load (through `getParsedCommandLine`); a change to one is a change here. */
  private syncReferenced(config: ParsedConfig, root: string, seen: Set<string>): boolean {
    let changed = false;
    for (const reference of config.references) {
      if (seen.has(reference)) continue;
      seen.add(reference);
      const current = this.ctx.workspace.configsFor(this.ts).tryGet(reference, root);
      if (this.referenced.get(reference) !== current) {
        this.referenced.set(reference, current);
        changed = true;
      }
      if (current !== undefined) changed = this.syncReferenced(current, root, seen) || changed;
    }
    return changed;
  }

  private rebuildRoots(): void {
    this.rootNames = [...this.baseNames, ...[...this.extraRoots].filter((file) => !this.baseNames.includes(file))];
  }
}
