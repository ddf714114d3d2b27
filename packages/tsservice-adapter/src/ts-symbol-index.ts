import type {
  CallEdge,
  CallItem,
  DiagnosticRecord,
  FileOffset,
  HoverAnswer,
  IdentifierSpan,
  OutlineSymbol,
  ProjectDiagnosticsAnswer,
  QueryScope,
  ReferencesAnswer,
  EditSimulation,
  RenameInfo,
  RenameLocations,
  SimulationAnswer,
  SourceSpan,
  SymbolIndex,
  SymbolMatch,
} from '@mcp-lsp-bridge/domain';
import { TsWorkspace, identifiersIn, type WatchOptions } from '@mcp-lsp-bridge/ts-workspace';
import ts = require('typescript');
import type { AdapterContext } from './adapter-context.js';
import { CallQueue } from './call-queue.js';
import { SignalCancellationToken } from './cancellation.js';
import { diagnosticsOf } from './diagnostics/file-diagnostics.js';
import { projectDiagnostics } from './diagnostics/project-diagnostics.js';
import { callItems, incomingCalls, outgoingCalls } from './navigation/call-hierarchy.js';
import { definitionsAt } from './navigation/definitions.js';
import { hoverOf } from './navigation/hover.js';
import { implementations } from './navigation/implementations.js';
import { outlineOf } from './navigation/outline.js';
import { referencesAt } from './navigation/references.js';
import { searchSymbols } from './navigation/symbol-search.js';
import { workspaceAccess } from './project/project-ownership.js';
import { ProjectPool } from './project/project-pool.js';
import type { WorkspaceAccess } from './project/workspace-access.js';
import { simulateEdits } from './rename/edit-simulation.js';
import { renameInfoAt, renameLocationsAt } from './rename/rename-edits.js';

export interface TsSymbolIndexOptions {
  /** Warm language services kept (least recently used evicted); default 8. */
  readonly maxProjects?: number;
  /** Larger files are not read (reported as failures); default 10 MiB. */
  readonly maxFileBytes?: number;
  /** Freshness from file-system events (default: on, on Linux); off, every call stats the project's files. */
  readonly watch?: WatchOptions;
  readonly log?: (message: string) => void;
}

/**
 * The `SymbolIndex` port over TypeScript's in-process LanguageService: each method runs, one
 * call at a time, the module of its topic (navigation, diagnostics, rename) over the project
 * that owns the file; every call starts with what changed on disk, so no notification is needed.
 */
export class TsSymbolIndex implements SymbolIndex {
  private readonly ctx: AdapterContext;
  private readonly pool: ProjectPool;
  private readonly calls: CallQueue;

  constructor(options: TsSymbolIndexOptions = {}) {
    const log = options.log ?? (() => undefined);
    const workspace = new TsWorkspace({ maxFileBytes: options.maxFileBytes ?? 10 * 1024 * 1024, watch: { log, ...options.watch } });
    this.ctx = {
      workspace,
      files: workspace.files,
      registry: ts.createDocumentRegistry(ts.sys.useCaseSensitiveFileNames),
      token: new SignalCancellationToken(),
      log,
    };
    this.pool = new ProjectPool(this.ctx, options.maxProjects ?? 8);
    this.calls = new CallQueue(this.ctx, () => this.pool.trim());
  }

  sourceText(scope: QueryScope, path: string): Promise<string | undefined> {
    return this.calls.runExclusive(scope, () => this.ctx.files.text(path));
  }

  identifiersIn(scope: QueryScope, path: string, start: number, end: number): Promise<readonly IdentifierSpan[]> {
    return this.calls.runExclusive(scope, () => identifiersIn(this.ctx.workspace, path, start, end));
  }

  definitions(scope: QueryScope, at: FileOffset): Promise<readonly SourceSpan[]> {
    return this.calls.runExclusive(scope, () => definitionsAt(this.access(scope), at));
  }

  references(scope: QueryScope, at: FileOffset): Promise<ReferencesAnswer> {
    return this.calls.runExclusive(scope, () => referencesAt(this.access(scope), at));
  }

  renameInfo(scope: QueryScope, at: FileOffset): Promise<RenameInfo> {
    return this.calls.runExclusive(scope, () => renameInfoAt(this.access(scope), at));
  }

  renameLocations(scope: QueryScope, at: FileOffset, newName: string): Promise<RenameLocations> {
    return this.calls.runExclusive(scope, () => renameLocationsAt(this.access(scope), at, newName));
  }

  simulateEdits(scope: QueryScope, simulation: EditSimulation): Promise<SimulationAnswer> {
    return this.calls.runExclusive(scope, () => simulateEdits(this.access(scope), simulation));
  }

  diagnostics(scope: QueryScope, path: string): Promise<readonly DiagnosticRecord[]> {
    return this.calls.runExclusive(scope, () => diagnosticsOf(this.access(scope), path));
  }

  projectDiagnostics(scope: QueryScope): Promise<ProjectDiagnosticsAnswer> {
    return this.calls.runExclusive(scope, () => projectDiagnostics(this.access(scope), scope));
  }

  outline(scope: QueryScope, path: string): Promise<readonly OutlineSymbol[]> {
    return this.calls.runExclusive(scope, () => outlineOf(this.access(scope).projectFor(path).ls.getNavigationTree(path)));
  }

  hover(scope: QueryScope, at: FileOffset): Promise<HoverAnswer | undefined> {
    return this.calls.runExclusive(scope, () =>
      hoverOf(this.access(scope).projectFor(at.path).ls.getQuickInfoAtPosition(at.path, at.offset)),
    );
  }

  implementations(scope: QueryScope, at: FileOffset): Promise<readonly SourceSpan[]> {
    return this.calls.runExclusive(scope, () => implementations(this.access(scope), at));
  }

  searchSymbols(scope: QueryScope, query: string, maxResults: number): Promise<readonly SymbolMatch[]> {
    return this.calls.runExclusive(scope, () => searchSymbols(this.access(scope), query, maxResults));
  }

  callItems(scope: QueryScope, at: FileOffset): Promise<readonly CallItem[]> {
    return this.calls.runExclusive(scope, () => callItems(this.access(scope), at));
  }

  incomingCalls(scope: QueryScope, item: CallItem): Promise<readonly CallEdge[]> {
    return this.calls.runExclusive(scope, () => incomingCalls(this.access(scope), item));
  }

  outgoingCalls(scope: QueryScope, item: CallItem): Promise<readonly CallEdge[]> {
    return this.calls.runExclusive(scope, () => outgoingCalls(this.access(scope), item));
  }

  /** Keys of the warm projects (config paths, `inferred:<root>`), least recently used first. */
  loadedProjects(): readonly string[] {
    return this.pool.keys();
  }

  dispose(): void {
    this.pool.dispose();
    this.ctx.workspace.dispose();
  }

  private access(scope: QueryScope): WorkspaceAccess {
    return workspaceAccess(this.ctx, this.pool, scope.workspaceRoot);
  }
}
