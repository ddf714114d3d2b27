import {
  dedupeSpans,
  spanKey,
  BridgeException,
  ErrorCode,
  bridgeError,
  displayPath,
  type CallEdge,
  type CallItem,
  type DiagnosticRecord,
  type FileFailure,
  type FileOffset,
  type HoverAnswer,
  type IdentifierSpan,
  type OutlineSymbol,
  type ProjectDiagnosticsAnswer,
  type QueryScope,
  type ReferenceSpan,
  type ReferencesAnswer,
  type RenameConflict,
  type RenameInfo,
  type SourceSpan,
  type SymbolIndex,
  type SymbolMatch,
  type TextEdit,
} from '@mcp-lsp-bridge/domain';
import { PrepareRenameRequest } from 'vscode-languageserver-protocol/node.js';
import { CallContext } from './call-context.js';
import { ServerRequestError } from './connection/errors.js';
import type { ServerSpec } from './connection/server-spec.js';
import { SessionPool } from './connection/session-pool.js';
import { diagnosticsStrategyFor } from './diagnostics/file-diagnostics.js';
import { checkProjects, type ProjectGroup } from './diagnostics/project-diagnostics.js';
import { uriOf } from './document-sync.js';
import { callItemsAt, incomingCallsOf, outgoingCallsOf } from './navigation/call-hierarchy.js';
import { hoverAt } from './navigation/hover.js';
import { implementationsAt } from './navigation/implementations.js';
import { outline } from './navigation/outline.js';
import { searchSymbols } from './navigation/workspace-symbols.js';
import { renameConflicts } from './rename/rename-conflicts.js';
import { renameEdits } from './rename/rename-edits.js';
import { SourceFiles } from './source-files.js';
import { isWorkspaceFile, TypeScriptProjects } from './typescript/projects.js';
import { declarationOfName, languageIdOf, mergedDeclarationNames, nameAt, namesOverlapping, SyntaxCache } from './typescript/syntax.js';

export interface LspSymbolIndexOptions {
  readonly server: ServerSpec;
  /** One LSP request unanswered after this long fails with LANGUAGE_SERVER_ERROR; default 60 s. */
  readonly requestTimeoutMs?: number;
  /** A server unused this long is stopped; default 10 minutes. */
  readonly idleTimeoutMs?: number;
  /** Project-wide diagnostics stop starting files after this long; default 90 s. */
  readonly diagnosticsBudgetMs?: number;
  /** Servers running at once (one per workspace root); default 4. */
  readonly maxServers?: number;
  /** Documents kept open per server; default 64. */
  readonly maxOpenDocuments?: number;
  /** Larger files are not read (reported as failures); default 10 MiB. */
  readonly maxFileBytes?: number;
  readonly log?: (message: string) => void;
}

/**
 * The `SymbolIndex` port over a language server spoken to over LSP. Every question about
 * meaning goes to the server; the adapter keeps it in sync with the disk, converts positions
 * through the domain's LineIndex, and completes its answers where LSP says less than the
 * contract needs (declaration flags, every overload, re-exports, conflicts, whole-project
 * diagnostics). What it knows about TypeScript itself is syntax and tsconfig files
 * (`typescript/`), never types.
 */
export class LspSymbolIndex implements SymbolIndex {
  private readonly sources: SourceFiles;
  private readonly projects: TypeScriptProjects;
  private readonly syntax = new SyntaxCache();
  private readonly pool: SessionPool;
  private readonly options: Required<Omit<LspSymbolIndexOptions, 'log'>> & { log: (message: string) => void };

  constructor(options: LspSymbolIndexOptions) {
    this.options = {
      server: options.server,
      requestTimeoutMs: options.requestTimeoutMs ?? 60_000,
      idleTimeoutMs: options.idleTimeoutMs ?? 10 * 60_000,
      diagnosticsBudgetMs: options.diagnosticsBudgetMs ?? 90_000,
      maxServers: options.maxServers ?? 4,
      maxOpenDocuments: options.maxOpenDocuments ?? 64,
      maxFileBytes: options.maxFileBytes ?? 10 * 1024 * 1024,
      log: options.log ?? (() => undefined),
    };
    this.sources = new SourceFiles(this.options.maxFileBytes);
    this.projects = new TypeScriptProjects(this.sources);
    this.pool = new SessionPool({ maxServers: this.options.maxServers, idleTimeoutMs: this.options.idleTimeoutMs, log: this.options.log });
  }

  sourceText(scope: QueryScope, path: string): Promise<string | undefined> {
    scope.signal.throwIfAborted();
    return Promise.resolve(this.sources.text(path));
  }

  identifiersIn(scope: QueryScope, path: string, start: number, end: number): Promise<readonly IdentifierSpan[]> {
    scope.signal.throwIfAborted();
    const text = this.sources.text(path);
    if (text === undefined) return Promise.resolve([]);
    const sourceFile = this.syntax.get(path, text);
    return Promise.resolve(
      namesOverlapping(sourceFile, start, end).map((node) => {
        const nodeStart = node.getStart(sourceFile);
        return { path, start: nodeStart, length: node.end - nodeStart, text: node.text };
      }),
    );
  }

  definitions(scope: QueryScope, at: FileOffset): Promise<readonly SourceSpan[]> {
    return this.call(scope, [at.path], (ctx) => this.definitionsIn(ctx, at));
  }

  references(scope: QueryScope, at: FileOffset): Promise<ReferencesAnswer> {
    return this.call(scope, [at.path], async (ctx) => {
      let spans = await ctx.references(at.path, at.offset);
      if (await this.loadRelatedProjects(ctx, this.namesOf(ctx, spans))) spans = await ctx.references(at.path, at.offset);
      const references = await this.classify(ctx, dedupeSpans(spans));
      return { references, failures: this.unreadableProjectFiles(ctx) };
    });
  }

  renameInfo(scope: QueryScope, at: FileOffset): Promise<RenameInfo> {
    return this.call(scope, [at.path], async (ctx) => {
      await ctx.live.sync.ensureOpen(at.path);
      const name = ctx.lines(at.path)?.text.slice(at.offset);
      try {
        const range = await ctx.live.server.request(
          PrepareRenameRequest.type,
          { textDocument: { uri: uriOf(at.path) }, position: ctx.position(at.path, at.offset) },
          ctx.signal,
        );
        if (range === null) return { canRename: false, reason: 'the language server finds nothing to rename at this position' };
        return { canRename: true, name: name === undefined ? '' : (/^[#\p{ID_Continue}$]+/u.exec(name)?.[0] ?? '') };
      } catch (error) {
        if (error instanceof ServerRequestError) return { canRename: false, reason: error.serverMessage };
        throw error;
      }
    });
  }

  renameEdits(scope: QueryScope, at: FileOffset, newName: string): Promise<readonly TextEdit[]> {
    return this.call(scope, [at.path], async (ctx) => {
      const text = ctx.lines(at.path)?.text ?? '';
      const node = nameAt(this.syntax.get(at.path, text), at.offset);
      const oldName = node?.text ?? '';
      await ctx.live.sync.ensureOpen(at.path);
      await this.loadRelatedProjects(ctx, new Set([oldName]));
      return dedupeSpans(await renameEdits(ctx, this.syntax, at, oldName, newName));
    });
  }

  renameConflicts(scope: QueryScope, at: FileOffset, newName: string, edits: readonly TextEdit[]): Promise<readonly RenameConflict[]> {
    // The simulation shows the server edited texts: no other call may run meanwhile.
    return this.call(scope, [at.path], (ctx) => renameConflicts(ctx, this.syntax, newName, edits), 'exclusive');
  }

  diagnostics(scope: QueryScope, path: string): Promise<readonly DiagnosticRecord[]> {
    const failure = this.sources.failure(path);
    if (failure !== undefined) {
      return Promise.reject(
        new BridgeException(bridgeError(ErrorCode.FILE_UNREADABLE, `Cannot check ${displayPath(scope.workspaceRoot, path)}: ${failure}`)),
      );
    }
    return this.call(scope, [path], async (ctx) => {
      const strategy = diagnosticsStrategyFor(ctx);
      await ctx.live.sync.ensureOpen(path);
      return strategy.file(ctx, path);
    });
  }

  projectDiagnostics(scope: QueryScope): Promise<ProjectDiagnosticsAnswer> {
    return this.call(scope, [], async (ctx) => {
      const root = scope.workspaceRoot;
      const { configs, broken, files } = this.projects.workspace(root, ctx.live.files.list(), ctx.live.files.revision);
      const firstBroken = broken[0];
      if (configs.length === 0 && firstBroken !== undefined) throw firstBroken;
      const failures: FileFailure[] = broken.map((error) => ({ path: root, reason: error.bridgeError.message }));
      const groups: ProjectGroup[] = [];
      const grouped = new Set<string>();
      const readable = (file: string): boolean => {
        const failure = this.sources.failure(file);
        if (failure !== undefined && !grouped.has(file)) failures.push({ path: file, reason: failure });
        grouped.add(file);
        return failure === undefined && this.sources.text(file) !== undefined;
      };
      for (const config of configs) {
        const own = config.fileNames.filter((f) => isWorkspaceFile(root, f) && !grouped.has(f) && readable(f));
        if (own.length > 0) groups.push({ configPath: config.path, files: own });
      }
      const rest = files.filter((f) => !grouped.has(f) && readable(f));
      if (rest.length > 0) groups.push({ files: rest });
      return checkProjects(ctx, { groups, failures, budgetMs: this.options.diagnosticsBudgetMs });
    });
  }

  outline(scope: QueryScope, path: string): Promise<readonly OutlineSymbol[]> {
    return this.call(scope, [path], (ctx) => outline(ctx, this.syntax, path));
  }

  hover(scope: QueryScope, at: FileOffset): Promise<HoverAnswer | undefined> {
    return this.call(scope, [at.path], (ctx) => hoverAt(ctx, at));
  }

  implementations(scope: QueryScope, at: FileOffset): Promise<readonly SourceSpan[]> {
    return this.call(scope, [at.path], async (ctx) => {
      // Implementations in other projects mention the implemented name (`implements Shape`).
      const node = nameAt(this.syntax.get(at.path, ctx.lines(at.path)?.text ?? ''), at.offset);
      let spans = await implementationsAt(ctx, at);
      if (node !== undefined && (await this.loadRelatedProjects(ctx, new Set([node.text])))) spans = await implementationsAt(ctx, at);
      return dedupeSpans(spans);
    });
  }

  searchSymbols(scope: QueryScope, query: string, maxResults: number): Promise<readonly SymbolMatch[]> {
    const search = { projects: this.projects, sources: this.sources, syntax: this.syntax, maxOpenDocuments: this.options.maxOpenDocuments };
    return this.call(scope, [], (ctx) => searchSymbols(ctx, search, query, maxResults));
  }

  callItems(scope: QueryScope, at: FileOffset): Promise<readonly CallItem[]> {
    return this.call(scope, [at.path], (ctx) => callItemsAt(ctx, at));
  }

  incomingCalls(scope: QueryScope, item: CallItem): Promise<readonly CallEdge[]> {
    return this.call(scope, [item.path], async (ctx) => {
      // Callers in other projects spell the name: their projects must be loaded first.
      await ctx.live.sync.ensureOpen(item.path);
      await this.loadRelatedProjects(ctx, new Set([item.name]));
      return incomingCallsOf(ctx, this.syntax, item);
    });
  }

  outgoingCalls(scope: QueryScope, item: CallItem): Promise<readonly CallEdge[]> {
    return this.call(scope, [item.path], (ctx) => outgoingCallsOf(ctx, this.syntax, item));
  }

  /** Pids of the running language servers (for tests and logs). */
  serverPids(): number[] {
    return this.pool.pids();
  }

  dispose(): Promise<void> {
    return this.pool.dispose();
  }

  /** Runs `body` on the workspace's server, after checking the configs of `files` and syncing. */
  private call<T>(
    scope: QueryScope,
    files: readonly string[],
    body: (ctx: CallContext) => Promise<T>,
    access: 'shared' | 'exclusive' = 'shared',
  ): Promise<T> {
    const session = this.pool.get({
      spec: this.options.server,
      root: scope.workspaceRoot,
      sources: this.sources,
      languageIdOf,
      requestTimeoutMs: this.options.requestTimeoutMs,
      maxOpenDocuments: this.options.maxOpenDocuments,
    });
    return session.run(
      scope.signal,
      (live) => {
        for (const file of files) this.projects.checkConfigOf(file, scope.workspaceRoot, live.files.revision);
        return body(new CallContext(live, scope));
      },
      access,
    );
  }

  /** The server's definitions plus the declarations that merge with them (every overload). */
  private async definitionsIn(ctx: CallContext, at: FileOffset): Promise<SourceSpan[]> {
    const found = await ctx.definition(at.path, at.offset);
    const out: SourceSpan[] = [];
    for (const span of found) {
      out.push(span);
      const text = ctx.lines(span.path)?.text;
      if (text === undefined) continue;
      for (const merged of mergedDeclarationNames(this.syntax.get(span.path, text), span.start)) out.push({ path: span.path, ...merged });
    }
    return dedupeSpans(out);
  }

  /**
   * LSP references carry no declaration flag. A reference is a declaration when it names a
   * declaration (not an import or export alias) and the server takes it to itself, or to a
   * declaration it merges with (an overload signature goes to the implementation).
   */
  private async classify(ctx: CallContext, spans: readonly SourceSpan[]): Promise<ReferenceSpan[]> {
    const out: ReferenceSpan[] = [];
    for (const span of spans) {
      const text = ctx.lines(span.path)?.text;
      const sourceFile = text === undefined ? undefined : this.syntax.get(span.path, text);
      const node = sourceFile === undefined ? undefined : nameAt(sourceFile, span.start);
      if (sourceFile === undefined || node === undefined || declarationOfName(node) === undefined) {
        out.push({ ...span, isDeclaration: false });
        continue;
      }
      const own = new Set([
        spanKey(span),
        ...mergedDeclarationNames(sourceFile, span.start).map((m) => spanKey({ path: span.path, start: m.start })),
      ]);
      const targets = await ctx.definition(span.path, span.start);
      out.push({ ...span, isDeclaration: targets.some((t) => own.has(spanKey(t))) });
    }
    return out;
  }

  /** The names the spans spell (the symbol's name and its aliases). */
  private namesOf(ctx: CallContext, spans: readonly SourceSpan[]): Set<string> {
    const names = new Set<string>();
    for (const span of spans) {
      const text = ctx.lines(span.path)?.text;
      if (text !== undefined && span.length > 0) names.add(text.slice(span.start, span.start + span.length));
    }
    return names;
  }

  /**
   * A server searches the projects it has loaded. Every project of the workspace whose files
   * spell one of `names` gets a document open, so the server loads it; returns whether any
   * was opened (the caller asks again).
   */
  private async loadRelatedProjects(ctx: CallContext, names: ReadonlySet<string>): Promise<boolean> {
    if (names.size === 0) return false;
    const root = ctx.scope.workspaceRoot;
    const { configs, files: workspaceFiles } = this.projects.workspace(root, ctx.live.files.list(), ctx.live.files.revision);
    const mentions = (file: string): boolean => {
      const text = this.sources.text(file);
      return text !== undefined && [...names].some((name) => text.includes(name));
    };
    let opened = false;
    if (configs.length === 0) {
      // No config: every file is a root of the inferred project only once it is open.
      for (const file of workspaceFiles.filter(mentions).slice(0, this.options.maxOpenDocuments - 1)) {
        if (ctx.live.sync.isOpen(file)) continue;
        ctx.signal.throwIfAborted();
        await ctx.live.sync.ensureOpen(file);
        opened = true;
      }
      return opened;
    }
    if (configs.length < 2) return false;
    for (const config of configs) {
      const files = config.fileNames.filter((f) => isWorkspaceFile(root, f));
      if (files.some((f) => ctx.live.sync.isOpen(f))) continue;
      const mentioning = files.find(mentions);
      if (mentioning === undefined) continue;
      ctx.signal.throwIfAborted();
      await ctx.live.sync.ensureOpen(mentioning);
      opened = true;
    }
    return opened;
  }

  /** Workspace project files that cannot be read (binary, too large): the server could not use them. */
  private unreadableProjectFiles(ctx: CallContext): FileFailure[] {
    const root = ctx.scope.workspaceRoot;
    const { files } = this.projects.workspace(root, ctx.live.files.list(), ctx.live.files.revision);
    return files.flatMap((file) => {
      const reason = this.sources.failure(file);
      return reason === undefined ? [] : [{ path: file, reason }];
    });
  }
}
