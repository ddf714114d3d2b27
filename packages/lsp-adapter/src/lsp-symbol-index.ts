import type {
  CallEdge,
  CallItem,
  CompilerUse,
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
  PublicExport,
  SourceSpan,
  SymbolIndex,
  SymbolMatch,
} from '@mcp-lsp-bridge/domain';
import {
  TsWorkspace,
  WorkspaceTooLargeException,
  identifiersIn,
  type CompilerPolicy,
  type ProjectSpec,
  type WatchOptions,
  publicExportsOf,
} from '@mcp-lsp-bridge/ts-workspace';
import { compilersOf } from './compilers.js';
import type { ServerSpec } from './connection/server-spec.js';
import { diagnosticsAt, refuseUnreadable } from './diagnostics/file-diagnostics.js';
import { projectDiagnostics } from './diagnostics/project-diagnostics.js';
import { callItemsAt, incomingCallsOf, outgoingCallsOf } from './navigation/call-hierarchy.js';
import { definitionsAt } from './navigation/definitions.js';
import { inSource } from './navigation/package-anchors.js';
import { typeDefinitionsOf } from './navigation/type-definitions.js';
import { hoverAt } from './navigation/hover.js';
import { implementationsAt } from './navigation/implementations.js';
import { outline } from './navigation/outline.js';
import { referencesAt } from './navigation/references.js';
import { searchSymbols } from './navigation/workspace-symbols.js';
import { simulateEdits } from './rename/edit-simulation.js';
import { renameInfoAt, renameLocationsAt } from './rename/rename-request.js';
import { ServerCalls } from './server-calls.js';

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
  /** Freshness from file-system events (default: on, on Linux); off, every call stats the workspace's files. */
  readonly watch?: WatchOptions;
  readonly log?: (message: string) => void;
  /** Which compiler the server is for each project (the answer to `compilers`); none: the index cannot tell (a custom server). */
  readonly compilers?: CompilerPolicy;
  /**
   * The projects this index answers project-wide questions for (workspace diagnostics, symbol
   * search, compilers); default: all. Another backend answers for the rest.
   */
  readonly owns?: (root: string, spec: ProjectSpec) => boolean;
}

/**
 * The `SymbolIndex` port over a language server spoken to over LSP: each method runs the
 * module of its topic (navigation, diagnostics, rename) on the workspace's server, which is
 * kept in sync with the disk; positions go through the domain's LineIndex, and answers are
 * completed where LSP says less than the contract needs (declaration flags, every overload,
 * re-exports, conflicts, whole-project diagnostics). What the adapter knows about TypeScript
 * itself is syntax and configs (ts-workspace), never types.
 */
export class LspSymbolIndex implements SymbolIndex {
  private readonly workspace: TsWorkspace;
  private readonly calls: ServerCalls;
  private readonly maxOpenDocuments: number;
  private readonly diagnosticsBudgetMs: number;
  private readonly policy: CompilerPolicy | undefined;
  private readonly owns: (root: string, spec: ProjectSpec) => boolean;

  constructor(options: LspSymbolIndexOptions) {
    this.maxOpenDocuments = options.maxOpenDocuments ?? 64;
    this.diagnosticsBudgetMs = options.diagnosticsBudgetMs ?? 90_000;
    const log = options.log ?? (() => undefined);
    this.policy = options.compilers;
    this.owns = options.owns ?? (() => true);
    this.workspace = new TsWorkspace({ maxFileBytes: options.maxFileBytes ?? 10 * 1024 * 1024, watch: { log, ...options.watch } });
    this.calls = new ServerCalls(this.workspace, {
      server: options.server,
      requestTimeoutMs: options.requestTimeoutMs ?? 60_000,
      idleTimeoutMs: options.idleTimeoutMs ?? 10 * 60_000,
      maxServers: options.maxServers ?? 4,
      maxOpenDocuments: this.maxOpenDocuments,
      log,
      owns: this.owns,
    });
  }

  sourceText(scope: QueryScope, path: string): Promise<string | undefined> {
    return this.calls.onDisk(scope, () => this.workspace.files.text(path));
  }

  identifiersIn(scope: QueryScope, path: string, start: number, end: number): Promise<readonly IdentifierSpan[]> {
    return this.calls.onDisk(scope, () => identifiersIn(this.workspace, path, start, end));
  }

  definitions(scope: QueryScope, at: FileOffset): Promise<readonly SourceSpan[]> {
    return this.calls.onServer(scope, [at.path], (ctx) => definitionsAt(ctx, at));
  }

  publicExports(scope: QueryScope, declarations: readonly SourceSpan[]): Promise<readonly PublicExport[]> {
    return this.calls.onDisk(scope, () =>
      publicExportsOf(
        this.workspace.files,
        this.workspace.syntax,
        this.workspace.outputs,
        this.workspace.view(scope.workspaceRoot),
        declarations,
      ),
    );
  }

  typeDefinitions(scope: QueryScope, at: FileOffset): Promise<readonly SourceSpan[]> {
    // One in a workspace package's build output is its source's, as for definitions.
    return this.calls.onServer(scope, [at.path], async (ctx) => inSource(ctx, await typeDefinitionsOf(ctx, at)));
  }

  references(scope: QueryScope, at: FileOffset): Promise<ReferencesAnswer> {
    return this.calls.onServer(scope, [at.path], (ctx) => referencesAt(ctx, at, this.maxOpenDocuments));
  }

  renameInfo(scope: QueryScope, at: FileOffset): Promise<RenameInfo> {
    return this.calls.onServer(scope, [at.path], (ctx) => renameInfoAt(ctx, at));
  }

  renameLocations(scope: QueryScope, at: FileOffset, newName: string): Promise<RenameLocations> {
    return this.calls.onServer(scope, [at.path], (ctx) => renameLocationsAt(ctx, at, newName, this.maxOpenDocuments));
  }

  simulateEdits(scope: QueryScope, simulation: EditSimulation): Promise<SimulationAnswer> {
    // The simulation shows the server edited texts: no other call may run meanwhile.
    return this.calls.onServer(scope, [...simulation.overlay.keys()], (ctx) => simulateEdits(ctx, simulation), 'exclusive');
  }

  diagnostics(scope: QueryScope, path: string): Promise<readonly DiagnosticRecord[]> {
    const refuse = (): void => refuseUnreadable(this.workspace.files, scope, path);
    return this.calls.onServer(scope, [path], (ctx) => diagnosticsAt(ctx, path), 'shared', refuse);
  }

  projectDiagnostics(scope: QueryScope): Promise<ProjectDiagnosticsAnswer> {
    return this.calls.onServer(scope, [], (ctx) => projectDiagnostics(ctx, this.diagnosticsBudgetMs));
  }

  compilers(scope: QueryScope, path: string | undefined): Promise<readonly CompilerUse[]> {
    const { policy } = this;
    if (policy === undefined) return this.calls.onDisk(scope, () => []);
    return this.calls.onDisk(scope, () => compilersOf(this.workspace, scope.workspaceRoot, path, policy, this.owns));
  }

  async outline(scope: QueryScope, path: string): Promise<readonly OutlineSymbol[]> {
    try {
      return await this.calls.onServer(scope, [path], (ctx) => outline(ctx, path));
    } catch (error) {
      // A workspace too large to scan gets no server, but an outline is syntax: the parser's.
      if (!(error instanceof WorkspaceTooLargeException)) throw error;
      return this.calls.onDisk(scope, () => this.workspace.outline(path));
    }
  }

  hover(scope: QueryScope, at: FileOffset): Promise<HoverAnswer | undefined> {
    return this.calls.onServer(scope, [at.path], (ctx) => hoverAt(ctx, at));
  }

  implementations(scope: QueryScope, at: FileOffset): Promise<readonly SourceSpan[]> {
    return this.calls.onServer(scope, [at.path], (ctx) => implementationsAt(ctx, at, this.maxOpenDocuments));
  }

  searchSymbols(scope: QueryScope, query: string, maxResults: number): Promise<readonly SymbolMatch[]> {
    return this.calls.onServer(scope, [], (ctx) => searchSymbols(ctx, query, maxResults, this.maxOpenDocuments));
  }

  callItems(scope: QueryScope, at: FileOffset): Promise<readonly CallItem[]> {
    return this.calls.onServer(scope, [at.path], (ctx) => callItemsAt(ctx, at));
  }

  incomingCalls(scope: QueryScope, item: CallItem): Promise<readonly CallEdge[]> {
    return this.calls.onServer(scope, [item.path], (ctx) => incomingCallsOf(ctx, item, this.maxOpenDocuments));
  }

  outgoingCalls(scope: QueryScope, item: CallItem): Promise<readonly CallEdge[]> {
    return this.calls.onServer(scope, [item.path], (ctx) => outgoingCallsOf(ctx, item));
  }

  /** Pids of the running language servers (for tests and logs). */
  serverPids(): number[] {
    return this.calls.pids();
  }

  async dispose(): Promise<void> {
    await this.calls.dispose();
    this.workspace.dispose();
  }
}
