import {
  dedupeSpans,
  displayPath,
  isWorkspaceSource,
  spanKey,
  type CallEdge,
  type CallItem,
  type CompilerUse,
  type DiagnosticRecord,
  type EditSimulation,
  type FileFailure,
  type FileOffset,
  type HoverAnswer,
  type IdentifierSpan,
  type OutlineSymbol,
  type ProjectDiagnosticsAnswer,
  type QueryScope,
  type ReferencesAnswer,
  type RenameInfo,
  type RenameLocations,
  type ServerReading,
  type ServerSyntax,
  type SimulationAnswer,
  type PublicExport,
  type SourceSpan,
  type SymbolIndex,
  type SymbolMatch,
} from '@mcp-lsp-bridge/domain';
import { TsWorkspace, fileSpells, type FileStore } from '@mcp-lsp-bridge/ts-workspace';
import type { Live } from '../connection/server-session.js';
import type { ServerSpec } from '../connection/server-spec.js';
import { SessionPool } from '../connection/session-pool.js';
import { hoverAt } from '../navigation/hover.js';
import { typeDefinitionsOf } from '../navigation/type-definitions.js';
import { renameInfoAt } from '../rename/rename-request.js';
import { ServerView } from '../server-view.js';
import { scanIdentifiers } from './identifier-scan.js';
import { languageIdIn, type LanguageProfile } from './language-profile.js';
import { profileServer } from './profile-server.js';
import { renameConflictOf } from './rename-refusal.js';
import { callItemsOf, implementationsOf, incomingOf, outgoingOf, outlineOf, symbolsMatching } from './profile-navigation.js';
import { awaitChecked, fileDiagnostics, referents } from './pushed-diagnostics.js';
import { readText } from './server-reading.js';

export interface ProfileSymbolIndexOptions {
  readonly profile: LanguageProfile;
  /** Default: the profile's server. */
  readonly server?: ServerSpec;
  readonly requestTimeoutMs?: number;
  readonly idleTimeoutMs?: number;
  readonly diagnosticsBudgetMs?: number;
  readonly maxServers?: number;
  readonly maxOpenDocuments?: number;
  readonly maxFileBytes?: number;
  readonly log?: (message: string) => void;
}

/**
 * The `SymbolIndex` port for one language other than TypeScript, over its language server:
 * the server answers everything it offers (a feature it lacks is refused naming it), the
 * bridge adds what LSP leaves out (declaration flags from the server's own definitions,
 * diagnostics awaited for the version asked about, identifiers from the language's lexicon).
 * It is also the `ServerSyntax` port: texts shown to the server in memory, read for a replaced body's check.
 * The server is started on the first call about one of the language's files.
 */
export class ProfileSymbolIndex implements SymbolIndex, ServerSyntax {
  private readonly profile: LanguageProfile;
  private readonly server: ServerSpec;
  /** The texts the server is shown, fresh from file-system events (only the file store and watcher are used). */
  private readonly workspace: TsWorkspace;
  private readonly files: FileStore;
  private readonly pool: SessionPool;
  private readonly requestTimeoutMs: number;
  private readonly maxOpenDocuments: number;
  private readonly diagnosticsBudgetMs: number;

  constructor(options: ProfileSymbolIndexOptions) {
    this.profile = options.profile;
    this.server = options.server ?? profileServer(options.profile);
    this.requestTimeoutMs = options.requestTimeoutMs ?? 60_000;
    this.maxOpenDocuments = options.maxOpenDocuments ?? 64;
    this.diagnosticsBudgetMs = options.diagnosticsBudgetMs ?? 90_000;
    this.workspace = new TsWorkspace({
      maxFileBytes: options.maxFileBytes ?? 10 * 1024 * 1024,
      watch: { log: options.log ?? (() => undefined) },
    });
    this.files = this.workspace.files;
    this.pool = new SessionPool({
      maxServers: options.maxServers ?? 4,
      idleTimeoutMs: options.idleTimeoutMs ?? 10 * 60_000,
      log: options.log ?? (() => undefined),
    });
  }

  sourceText(scope: QueryScope, path: string): Promise<string | undefined> {
    return this.onDisk(scope, () => this.files.text(path));
  }

  identifiersIn(scope: QueryScope, path: string, start: number, end: number): Promise<readonly IdentifierSpan[]> {
    return this.onDisk(scope, () => scanIdentifiers(this.profile.lexicon, path, this.files.text(path) ?? '', start, end));
  }

  definitions(scope: QueryScope, at: FileOffset): Promise<readonly SourceSpan[]> {
    return this.onServer(scope, async (view) => {
      // clangd without an index knows a function's definition in another file only once it has
      // seen that file: from a use it would lead to the header's prototype alone.
      await this.openFilesSpelling(view, at);
      const found = await view.definition(at.path, at.offset);
      // A declaration's own name is one of its definitions, as TypeScript answers; clangd leads
      // from a function's definition to its prototype only.
      const name = this.nameAt(view, at);
      const own = flatten(await outlineOf(view, at.path).catch(() => [])).find(
        (s) => s.name === name && s.nameStart <= at.offset && at.offset <= s.nameStart + s.nameLength,
      );
      return dedupeSpans([...found, ...(own === undefined ? [] : [{ path: at.path, start: own.nameStart, length: own.nameLength }])]);
    });
  }

  /** Entry points that export declarations are a notion of JavaScript packages: none here. */
  publicExports(scope: QueryScope): Promise<readonly PublicExport[]> {
    return this.onDisk(scope, () => []);
  }

  typeDefinitions(scope: QueryScope, at: FileOffset): Promise<readonly SourceSpan[]> {
    return this.onServer(scope, async (view) => {
      await this.openFilesSpelling(view, at);
      return typeDefinitionsOf(view, at);
    });
  }

  references(scope: QueryScope, at: FileOffset): Promise<ReferencesAnswer> {
    return this.onServer(scope, async (view) => {
      await this.openFilesSpelling(view, at);
      const spans = dedupeSpans(await view.references(at.path, at.offset));
      // LSP says nothing of which reference declares: those the server's definition leads to,
      // and those its outlines name (a C function's definition, whose own definition is its prototype).
      const declarations = new Set((await view.definition(at.path, at.offset)).map(spanKey));
      const name = this.nameAt(view, at);
      for (const file of new Set(spans.map((s) => s.path))) {
        for (const symbol of flatten(await outlineOf(view, file).catch(() => [])))
          if (symbol.name === name) declarations.add(spanKey({ path: file, start: symbol.nameStart }));
      }
      return { references: spans.map((span) => ({ ...span, isDeclaration: declarations.has(spanKey(span)) })), failures: [] };
    });
  }

  renameInfo(scope: QueryScope, at: FileOffset): Promise<RenameInfo> {
    return this.onServer(scope, async (view) => {
      await this.openFilesSpelling(view, at);
      const { capabilities, name } = view.live.server;
      const rename = capabilities.renameProvider;
      if (rename === undefined || rename === false) return { canRename: false, reason: `${name} does not support rename` };
      if (typeof rename === 'object' && rename.prepareProvider === true) return renameInfoAt(view, at);
      const text = view.lines(at.path)?.text ?? '';
      const id = scanIdentifiers(this.profile.lexicon, at.path, text, at.offset, at.offset + 1)[0];
      return id === undefined ? { canRename: false, reason: 'no name at this position' } : { canRename: true, name: id.text };
    });
  }

  renameLocations(scope: QueryScope, at: FileOffset, newName: string): Promise<RenameLocations> {
    return this.onServer(scope, async (view) => {
      await this.openFilesSpelling(view, at);
      const edits = dedupeSpans(
        await view.rename(at.path, at.offset, newName).catch((error: unknown) => {
          throw renameConflictOf(error, view.live.server.name, displayPath(scope.workspaceRoot, at.path), newName) ?? error;
        }),
      );
      const texts = new Map<string, string>();
      for (const edit of edits) {
        const text = view.lines(edit.path)?.text;
        if (text !== undefined) texts.set(edit.path, text);
      }
      return { edits, texts, failures: [] };
    });
  }

  simulateEdits(scope: QueryScope, simulation: EditSimulation): Promise<SimulationAnswer> {
    // The server is shown edited texts: no other call may run meanwhile.
    return this.onServer(
      scope,
      async (view) => {
        const errorsOf = async (files: readonly string[]): Promise<Map<string, DiagnosticRecord[]>> => {
          const out = new Map<string, DiagnosticRecord[]>();
          for (const file of files)
            out.set(
              file,
              (await fileDiagnostics(view, file, this.requestTimeoutMs)).filter((d) => d.category === 'error'),
            );
          return out;
        };
        // A site in a comment has no referent: gopls renames the name a doc comment starts with.
        const referentsAt = (site: FileOffset): Promise<SourceSpan[]> =>
          this.nameAt(view, site) === '' ? Promise.resolve([]) : referents(view, site);
        const referentsBefore = await Promise.all(simulation.before.map(referentsAt));
        const errorsBefore = await errorsOf(simulation.files);
        const restore = await view.live.sync.overlay(simulation.overlay, view.signal);
        view.invalidate(simulation.overlay.keys());
        try {
          const referentsAfter = await Promise.all(simulation.after.map(referentsAt));
          return { referentsBefore, referentsAfter, errorsBefore, errorsAfter: await errorsOf(simulation.files) };
        } finally {
          await restore();
          view.invalidate(simulation.overlay.keys());
        }
      },
      'exclusive',
    );
  }

  readTexts(scope: QueryScope, path: string, texts: readonly string[]): Promise<readonly ServerReading[] | { readonly unchecked: string }> {
    const syntax = this.profile.syntax;
    if (syntax === undefined) {
      return Promise.resolve({
        unchecked: `its language server (${this.server.displayName}) is not known to tell its syntax errors from its other errors`,
      });
    }
    // The server is shown edited texts: no other call may run meanwhile.
    return this.onServer(
      scope,
      async (view) => {
        const readings: ServerReading[] = [];
        for (const text of texts) readings.push(await readText(view, this.profile, syntax, path, text, this.requestTimeoutMs));
        return readings;
      },
      'exclusive',
    );
  }

  diagnostics(scope: QueryScope, path: string): Promise<readonly DiagnosticRecord[]> {
    return this.onServer(scope, (view) => fileDiagnostics(view, path, this.requestTimeoutMs));
  }

  projectDiagnostics(scope: QueryScope): Promise<ProjectDiagnosticsAnswer> {
    return this.onServer(scope, async (view) => {
      const files = this.sourcesOf(view.live, scope.workspaceRoot);
      const deadline = Date.now() + this.diagnosticsBudgetMs;
      const diagnostics: DiagnosticRecord[] = [];
      const failures: FileFailure[] = [];
      let checked = 0;
      for (const [i, file] of files.entries()) {
        scope.onProgress?.({ done: i, total: files.length, message: file });
        const unreadable = this.files.failure(file);
        if (unreadable !== undefined) failures.push({ path: file, reason: unreadable });
        else if (Date.now() > deadline)
          failures.push({ path: file, reason: `not checked: the diagnostics budget (${this.diagnosticsBudgetMs} ms) ran out` });
        else {
          diagnostics.push(...(await fileDiagnostics(view, file, this.requestTimeoutMs)));
          checked++;
          // Checked files are closed again: a workspace may hold more files than a server should keep open.
          await view.live.sync.close(file);
        }
      }
      scope.onProgress?.({ done: files.length, total: files.length });
      return { diagnostics, failures, filesChecked: checked };
    });
  }

  compilers(scope: QueryScope): Promise<readonly CompilerUse[]> {
    return this.onDisk(scope, () => []);
  }

  outline(scope: QueryScope, path: string): Promise<readonly OutlineSymbol[]> {
    return this.onServer(scope, (view) => outlineOf(view, path));
  }

  hover(scope: QueryScope, at: FileOffset): Promise<HoverAnswer | undefined> {
    return this.onServer(scope, (view) => hoverAt(view, at));
  }

  implementations(scope: QueryScope, at: FileOffset): Promise<readonly SourceSpan[]> {
    return this.onServer(scope, async (view) => {
      await this.openFilesSpelling(view, at);
      return implementationsOf(view, at);
    });
  }

  searchSymbols(scope: QueryScope, query: string, maxResults: number): Promise<readonly SymbolMatch[]> {
    return this.onServer(scope, async (view) => {
      const first = this.sourcesOf(view.live, scope.workspaceRoot)[0];
      return (await symbolsMatching(view, query, first, this.profile.lexicon)).slice(0, Math.max(maxResults, 0));
    });
  }

  callItems(scope: QueryScope, at: FileOffset): Promise<readonly CallItem[]> {
    return this.onServer(scope, (view) => callItemsOf(view, at));
  }

  incomingCalls(scope: QueryScope, item: CallItem): Promise<readonly CallEdge[]> {
    return this.onServer(scope, async (view) => {
      await this.openFilesSpelling(view, { path: item.path, offset: item.nameStart });
      return incomingOf(view, item, this.profile.lexicon);
    });
  }

  outgoingCalls(scope: QueryScope, item: CallItem): Promise<readonly CallEdge[]> {
    return this.onServer(scope, (view) => outgoingOf(view, item, this.profile.lexicon));
  }

  /** Whether the workspace holds one of the language's own files (project-wide calls start its server only then). */
  hasSources(scope: QueryScope, listed: readonly string[]): boolean {
    return listed.some((file) => this.isSource(scope.workspaceRoot, file));
  }

  isSource(root: string, file: string): boolean {
    return languageIdIn(this.profile, file) !== undefined && isWorkspaceSource(root, file);
  }

  /** Pids of the running language servers (for tests and logs). */
  serverPids(): number[] {
    return this.pool.pids();
  }

  async dispose(): Promise<void> {
    await this.pool.dispose();
    this.workspace.dispose();
  }

  /** The name at `at` by the language's lexicon ('' when none). */
  private nameAt(view: ServerView, at: FileOffset): string {
    const text = view.lines(at.path)?.text ?? '';
    return scanIdentifiers(this.profile.lexicon, at.path, text, at.offset, at.offset + 1)[0]?.text ?? '';
  }

  /** For a server that may not know every file yet: the workspace's files that spell the name at `at`, opened and checked. */
  private async openFilesSpelling(view: ServerView, at: FileOffset): Promise<void> {
    if (this.profile.indexesWorkspace === true) return;
    const name = this.nameAt(view, at);
    if (name === '') return;
    const spelling = this.sourcesOf(view.live, view.scope.workspaceRoot).filter((file) => file !== at.path && fileSpells(file, name));
    // Leave room for the file asked about; beyond the open-document limit the answer may miss uses.
    await awaitChecked(view, [...spelling.slice(0, this.maxOpenDocuments - 1), at.path], this.requestTimeoutMs);
  }

  /** The workspace's own files of the language, as the server's session last listed them. */
  private sourcesOf(live: Live, root: string): string[] {
    return live.inventory.list().filter((file) => this.isSource(root, file));
  }

  private async onDisk<T>(scope: QueryScope, body: () => T): Promise<T> {
    scope.signal.throwIfAborted();
    await this.workspace.beginCall(scope.workspaceRoot);
    return body();
  }

  private async onServer<T>(
    scope: QueryScope,
    body: (view: ServerView) => Promise<T>,
    access: 'shared' | 'exclusive' = 'shared',
  ): Promise<T> {
    scope.signal.throwIfAborted();
    await this.workspace.beginCall(scope.workspaceRoot);
    const session = this.pool.get({
      spec: this.server,
      root: scope.workspaceRoot,
      workspace: this.workspace,
      requestTimeoutMs: this.requestTimeoutMs,
      maxOpenDocuments: this.maxOpenDocuments,
    });
    return session.runCall(scope.signal, (live) => body(new ServerView(live, scope)), access);
  }
}

function flatten(symbols: readonly OutlineSymbol[]): OutlineSymbol[] {
  return symbols.flatMap((symbol) => [symbol, ...flatten(symbol.children)]);
}
