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
import ts from 'typescript';
import { SignalCancellationToken, rethrowCancelled } from './cancellation.js';
import { ConfigCache } from './config-cache.js';
import { callItems, incomingCalls, outgoingCalls } from './call-hierarchy.js';
import { WorkspaceTrees, type AdapterContext, type WorkspaceAccess } from './context.js';
import { relatedProjects, spelledNames, symbolTarget } from './cross-project.js';
import { FileStore } from './file-state.js';
import { fileDiagnostics, projectDiagnostics } from './diagnostics.js';
import { hoverOf } from './hover.js';
import { implementations, searchSymbols } from './navigation.js';
import { outlineOf } from './outline.js';
import { ownerOf } from './project-discovery.js';
import { ProjectPool } from './project-pool.js';
import type { Project } from './project-service.js';
import { renameConflicts } from './rename-conflicts.js';
import { renameLocations } from './rename-locations.js';
import { namesOverlapping, parseStandalone, renameAnchor } from './syntax.js';

export interface TsSymbolIndexOptions {
  /** Warm language services kept (least recently used evicted); default 8. */
  readonly maxProjects?: number;
  /** Larger files are not read (reported as failures); default 10 MiB. */
  readonly maxFileBytes?: number;
  readonly log?: (message: string) => void;
}

/**
 * The `SymbolIndex` port over TypeScript's in-process LanguageService. Calls run one at a
 * time (a LanguageService is not re-entrant); each starts by checking the disk, so no
 * notification is ever needed.
 */
export class TsSymbolIndex implements SymbolIndex {
  private readonly ctx: AdapterContext;
  private readonly pool: ProjectPool;
  private readonly parsed = new Map<string, { text: string; sourceFile: ts.SourceFile }>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(options: TsSymbolIndexOptions = {}) {
    const files = new FileStore(options.maxFileBytes ?? 10 * 1024 * 1024);
    this.ctx = {
      files,
      configs: new ConfigCache(files),
      registry: ts.createDocumentRegistry(ts.sys.useCaseSensitiveFileNames),
      token: new SignalCancellationToken(),
      trees: new WorkspaceTrees(),
      log: options.log ?? (() => undefined),
    };
    this.pool = new ProjectPool(this.ctx, options.maxProjects ?? 8);
  }

  sourceText(scope: QueryScope, path: string): Promise<string | undefined> {
    return this.run(scope, () => this.ctx.files.text(path));
  }

  identifiersIn(scope: QueryScope, path: string, start: number, end: number): Promise<readonly IdentifierSpan[]> {
    return this.run(scope, () => {
      const sourceFile = this.syntaxOf(path);
      if (sourceFile === undefined) return [];
      return namesOverlapping(sourceFile, start, end).map((node) => {
        const nodeStart = node.getStart(sourceFile);
        return { path, start: nodeStart, length: node.end - nodeStart, text: node.text };
      });
    });
  }

  definitions(scope: QueryScope, at: FileOffset): Promise<readonly SourceSpan[]> {
    return this.run(scope, () => {
      const project = this.projectFor(scope.workspaceRoot, at.path);
      const found = (project.ls.getDefinitionAtPosition(at.path, at.offset) ?? []).map((d) => this.span(d));
      // On a call TypeScript names only the matching overload; AC-1.2.2 wants every declaration.
      const target = symbolTarget(project.program(), at, (f) => this.ctx.files.realpath(f));
      const declarations = target.declarations.map((d) => ({ path: d.path, start: d.offset, length: d.length }));
      const keys = new Set(declarations.map(spanKey));
      return dedupeSpans(found.some((span) => keys.has(spanKey(span))) ? [...found, ...declarations] : found);
    });
  }

  references(scope: QueryScope, at: FileOffset): Promise<ReferencesAnswer> {
    return this.run(scope, () => {
      const root = scope.workspaceRoot;
      const project = this.projectFor(root, at.path);
      const target = symbolTarget(project.program(), at, (f) => this.ctx.files.realpath(f));
      const declarations = new Set(target.declarations.map((d) => spanKey({ path: d.path, start: d.offset })));
      const spans = this.referencesIn(project, at);
      const related = relatedProjects(this.ctx, this.pool, root, project, target, spelledNames(this.ctx, spans));
      for (const { project: other, anchor } of related) spans.push(...this.referencesIn(other, anchor));
      const references: ReferenceSpan[] = dedupeSpans(spans).map((span) => ({ ...span, isDeclaration: declarations.has(spanKey(span)) }));
      const failures = new Map<string, FileFailure>();
      for (const searched of [project, ...related.map((r) => r.project)]) {
        for (const failure of searched.failures()) if (!failures.has(failure.path)) failures.set(failure.path, failure);
      }
      return { references, failures: [...failures.values()] };
    });
  }

  renameInfo(scope: QueryScope, at: FileOffset): Promise<RenameInfo> {
    return this.run(scope, () => {
      const project = this.projectFor(scope.workspaceRoot, at.path);
      const info = project.ls.getRenameInfo(at.path, at.offset, { allowRenameOfImportPath: false });
      return info.canRename ? { canRename: true, name: info.displayName } : { canRename: false, reason: info.localizedErrorMessage };
    });
  }

  renameEdits(scope: QueryScope, at: FileOffset, newName: string): Promise<readonly TextEdit[]> {
    return this.run(scope, () => {
      const root = scope.workspaceRoot;
      const project = this.projectFor(root, at.path);
      const anchor = renameAnchor(project.program(), at);
      const target = symbolTarget(project.program(), anchor, (f) => this.ctx.files.realpath(f));
      const edits = this.renameLocationsIn(project, anchor, newName);
      const related = relatedProjects(this.ctx, this.pool, root, project, target, spelledNames(this.ctx, edits));
      for (const { project: other, anchor: there } of related) edits.push(...this.renameLocationsIn(other, there, newName));
      return dedupeSpans(edits);
    });
  }

  renameConflicts(scope: QueryScope, _at: FileOffset, newName: string, edits: readonly TextEdit[]): Promise<readonly RenameConflict[]> {
    return this.run(scope, () => {
      const root = scope.workspaceRoot;
      return renameConflicts({ ctx: this.ctx, root, projectFor: (file) => this.projectFor(root, file) }, newName, edits);
    });
  }

  diagnostics(scope: QueryScope, path: string): Promise<readonly DiagnosticRecord[]> {
    return this.run(scope, () => {
      const failure = this.ctx.files.failure(path);
      if (failure !== undefined) {
        throw new BridgeException(
          bridgeError(ErrorCode.FILE_UNREADABLE, `Cannot check ${displayPath(scope.workspaceRoot, path)}: ${failure}`),
        );
      }
      const project = this.projectFor(scope.workspaceRoot, path);
      return fileDiagnostics(project, path, (f) => this.ctx.files.realpath(f));
    });
  }

  projectDiagnostics(scope: QueryScope): Promise<ProjectDiagnosticsAnswer> {
    return this.run(scope, () =>
      projectDiagnostics(
        this.ctx,
        scope,
        (file) => this.projectFor(scope.workspaceRoot, file),
        () => this.pool.trim(),
      ),
    );
  }

  outline(scope: QueryScope, path: string): Promise<readonly OutlineSymbol[]> {
    return this.run(scope, () => outlineOf(this.projectFor(scope.workspaceRoot, path).ls.getNavigationTree(path)));
  }

  hover(scope: QueryScope, at: FileOffset): Promise<HoverAnswer | undefined> {
    return this.run(scope, () => hoverOf(this.projectFor(scope.workspaceRoot, at.path).ls.getQuickInfoAtPosition(at.path, at.offset)));
  }

  implementations(scope: QueryScope, at: FileOffset): Promise<readonly SourceSpan[]> {
    return this.run(scope, () => implementations(this.workspace(scope), at));
  }

  searchSymbols(scope: QueryScope, query: string, maxResults: number): Promise<readonly SymbolMatch[]> {
    return this.run(scope, () => searchSymbols(this.workspace(scope), query, maxResults));
  }

  callItems(scope: QueryScope, at: FileOffset): Promise<readonly CallItem[]> {
    return this.run(scope, () => callItems(this.workspace(scope), at));
  }

  incomingCalls(scope: QueryScope, item: CallItem): Promise<readonly CallEdge[]> {
    return this.run(scope, () => incomingCalls(this.workspace(scope), item));
  }

  outgoingCalls(scope: QueryScope, item: CallItem): Promise<readonly CallEdge[]> {
    return this.run(scope, () => outgoingCalls(this.workspace(scope), item));
  }

  /** Keys of the warm projects (config paths, `inferred:<root>`), least recently used first. */
  loadedProjects(): readonly string[] {
    return this.pool.keys();
  }

  dispose(): void {
    this.pool.dispose();
    this.parsed.clear();
  }

  private run<T>(scope: QueryScope, body: () => T | Promise<T>): Promise<T> {
    const task = this.queue.then(async () => {
      scope.signal.throwIfAborted();
      this.ctx.files.beginCall();
      this.ctx.token.signal = scope.signal;
      try {
        return await body();
      } catch (error) {
        return rethrowCancelled(error, scope.signal);
      } finally {
        this.ctx.token.signal = undefined;
        this.pool.trim();
      }
    });
    this.queue = task.catch(() => undefined);
    return task;
  }

  /** The synced project that answers for `file`; the file is part of its program. */
  private projectFor(root: string, file: string): Project {
    const owner = ownerOf(this.ctx, root, file);
    const project = this.pool.get(owner.spec);
    if (owner.extraRoot !== undefined) project.addExtraRoot(owner.extraRoot);
    project.sync(root);
    if (project.program().getSourceFile(file) === undefined) {
      throw new BridgeException(
        bridgeError(
          ErrorCode.LANGUAGE_SERVER_ERROR,
          `${displayPath(root, file)} could not be added to the project of ${owner.spec.key}`,
          'Add the file to the "include" (or "files") of its tsconfig.json or jsconfig.json, then retry.',
        ),
      );
    }
    return project;
  }

  /** What the helpers that reach across projects get for one call. */
  private workspace(scope: QueryScope): WorkspaceAccess {
    const root = scope.workspaceRoot;
    return { ctx: this.ctx, pool: this.pool, root, projectFor: (file) => this.projectFor(root, file) };
  }

  private referencesIn(project: Project, at: FileOffset): SourceSpan[] {
    const groups = project.ls.findReferences(at.path, at.offset) ?? [];
    return groups.flatMap((group) => group.references.map((entry) => this.span(entry)));
  }

  private renameLocationsIn(project: Project, at: FileOffset, newName: string): TextEdit[] {
    return renameLocations(project, at, newName, (entry) => this.span(entry));
  }

  private span(entry: ts.DocumentSpan): SourceSpan {
    return { path: this.ctx.files.realpath(entry.fileName), start: entry.textSpan.start, length: entry.textSpan.length };
  }

  private syntaxOf(path: string): ts.SourceFile | undefined {
    const text = this.ctx.files.text(path);
    if (text === undefined) return undefined;
    const cached = this.parsed.get(path);
    if (cached !== undefined && cached.text === text) return cached.sourceFile;
    const sourceFile = parseStandalone(path, text);
    this.parsed.delete(path);
    this.parsed.set(path, { text, sourceFile });
    for (const oldest of this.parsed.keys()) {
      if (this.parsed.size <= 32) break;
      this.parsed.delete(oldest);
    }
    return sourceFile;
  }
}
