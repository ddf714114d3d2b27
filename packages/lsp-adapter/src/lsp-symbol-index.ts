import {
  DEFAULT_MAX_FILE_BYTES,
  type ActionEdits,
  type CodeActionQuery,
  type CodeActionsAnswer,
  type CompletionAnswer,
  type CompletionDetail,
  type SignatureHelpAnswer,
  type FormatAnswer,
  type FormatQuery,
  type CallEdge,
  type CallItem,
  type CompilerUse,
  type DiagnosticRecord,
  type EditSimulation,
  type FileOffset,
  type HoverAnswer,
  type IdentifierSpan,
  type OutlineStep,
  type OutlineSymbol,
  type PublicExport,
  type DiagnosticsPlan,
  type FileCheck,
  type QueryScope,
  type ReferencesAnswer,
  type RenameInfo,
  type RenameLocations,
  type ServerReading,
  type ServerSyntax,
  type SimulationAnswer,
  type SourceSpan,
  type SymbolIndex,
  type SymbolMatch,
  type TypeItem,
  type CompilerPolicy,
} from '@mcp-lsp-bridge/domain';
import { BUNDLED_TYPESCRIPT } from '@mcp-lsp-bridge/ts-syntax';
import {
  isJavaScriptFile,
  outlineAncestryOf,
  publicExportsOf,
  TsWorkspace,
  type BackendOptions,
  type ProjectSpec,
} from '@mcp-lsp-bridge/ts-workspace';
import { WorkspaceTooLargeException } from '@mcp-lsp-bridge/workspace';
import { codeActionEditsOf, codeActionsOf, formatEditsOf } from './actions/code-actions.js';
import { completionDetailsOf, completionsAt, signatureHelpAt } from './navigation/completions.js';
import { compilersOf } from './compilers.js';
import { fileDiagnostics, refuseUnreadable } from './diagnostics/file-diagnostics.js';
import { checkPlannedFile, diagnosticsPlan } from './diagnostics/project-diagnostics.js';
import { identifiersOf } from './languages/identifier-scan.js';
import { serverName, type LanguageProfile } from './languages/language-profile.js';
import { readText } from './languages/server-reading.js';
import { callItemsAt, incomingCallsOf, outgoingCallsOf } from './navigation/call-hierarchy.js';
import { definitionsAt } from './navigation/definitions.js';
import { typeDefinitionsAt } from './navigation/type-definitions.js';
import { hoverAt } from './navigation/hover.js';
import { implementationsAt } from './navigation/implementations.js';
import { KeptOutlines } from './navigation/kept-outlines.js';
import { outline } from './navigation/outline.js';
import { referencesAt } from './navigation/references.js';
import { subtypesOfItem, supertypesOfItem, typeItemsOf } from './navigation/type-hierarchy.js';
import { searchSymbols } from './navigation/workspace-symbols.js';
import { simulateEdits } from './rename/edit-simulation.js';
import { renameInfoAt, renameLocationsAt } from './rename/rename-request.js';
import { ServerCalls } from './server-calls.js';

export interface LspSymbolIndexOptions extends BackendOptions {
  /** The server and its language (`typescriptLanguageServer`, `tsgoServer`, `PYTHON`, a `.lsp.json` entry…). */
  readonly profile: LanguageProfile;
  /** One LSP request unanswered after this long fails with LANGUAGE_SERVER_ERROR; default 60 s. */
  readonly requestTimeoutMs?: number;
  /** A server unused this long is stopped; default 10 minutes. */
  readonly idleTimeoutMs?: number;
  /** Servers running at once (one per workspace root); default 4. */
  readonly maxServers?: number;
  /** Documents kept open per server; default 64. */
  readonly maxOpenDocuments?: number;
  /**
   * The `.lsp.json` every workspace uses instead of its own (`LSP_BRIDGE_CONFIG`, as the
   * composition read it): named where a server's refusal says another can be configured.
   */
  readonly languageConfig?: string | undefined;
}

/**
 * The `SymbolIndex` port over any language server spoken to over LSP, each a profile: each
 * method runs the module of its topic (navigation, diagnostics, rename) on the workspace's
 * server, kept in sync with the disk; positions go through the domain's LineIndex, and answers
 * are completed where LSP says less than the contract needs (declaration flags, every overload,
 * diagnostics of the version asked about, conflicts, whole-project diagnostics). A TypeScript
 * server's answers are completed from TypeScript's syntax, configs and workspace packages
 * (ts-workspace), never types; another language's from its lexicon and the server's outline.
 * It is also the `ServerSyntax` port: texts shown to the server in memory, read for a replaced
 * body's check. The server is started on the first call that needs it.
 */
export class LspSymbolIndex implements SymbolIndex, ServerSyntax {
  private readonly profile: LanguageProfile;
  private readonly workspace: TsWorkspace;
  private readonly ownsWorkspace: boolean;
  private readonly calls: ServerCalls;
  private readonly policy: CompilerPolicy | undefined;
  private readonly owns: (root: string, spec: ProjectSpec) => boolean;
  private readonly outlines = new KeptOutlines();

  constructor(options: LspSymbolIndexOptions) {
    this.profile = options.profile;
    const log = options.log ?? (() => undefined);
    this.policy = options.compilers;
    this.owns = options.owns ?? (() => true);
    this.ownsWorkspace = options.workspace === undefined;
    this.workspace =
      options.workspace ??
      TsWorkspace.standalone({ maxFileBytes: options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES, watch: { log, ...options.watch } });
    this.calls = new ServerCalls(this.workspace, {
      profile: this.profile,
      requestTimeoutMs: options.requestTimeoutMs ?? 60_000,
      idleTimeoutMs: options.idleTimeoutMs ?? 10 * 60_000,
      maxServers: options.maxServers ?? 4,
      maxOpenDocuments: options.maxOpenDocuments ?? 64,
      languageConfig: options.languageConfig,
      log,
      ...(options.owns === undefined ? {} : { owns: options.owns }),
    });
  }

  sourceText(scope: QueryScope, path: string): Promise<string | undefined> {
    return this.calls.onDisk(scope, () => this.workspace.files.text(path));
  }

  identifiersIn(scope: QueryScope, path: string, start: number, end: number): Promise<readonly IdentifierSpan[]> {
    return this.calls.onDisk(scope, () => {
      const text = this.workspace.files.text(path);
      return text === undefined ? [] : identifiersOf(this.profile, this.workspace.syntax, path, text, start, end);
    });
  }

  definitions(scope: QueryScope, at: FileOffset): Promise<readonly SourceSpan[]> {
    return this.calls.onServer(scope, [at.path], (ctx) => definitionsAt(ctx, at));
  }

  /** Entry points that export declarations are a notion of JavaScript packages: none for another language. */
  publicExports(scope: QueryScope, declarations: readonly SourceSpan[]): Promise<readonly PublicExport[]> {
    if (this.profile.typescript === undefined) return this.calls.onDisk(scope, () => []);
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
    return this.calls.onServer(scope, [at.path], (ctx) => typeDefinitionsAt(ctx, at));
  }

  references(scope: QueryScope, at: FileOffset): Promise<ReferencesAnswer> {
    return this.calls.onServer(scope, [at.path], (ctx) => referencesAt(ctx, at));
  }

  renameInfo(scope: QueryScope, at: FileOffset): Promise<RenameInfo> {
    return this.calls.onServer(scope, [at.path], (ctx) => renameInfoAt(ctx, at));
  }

  renameLocations(scope: QueryScope, at: FileOffset, newName: string): Promise<RenameLocations> {
    return this.calls.onServer(scope, [at.path], (ctx) => renameLocationsAt(ctx, at, newName));
  }

  simulateEdits(scope: QueryScope, simulation: EditSimulation): Promise<SimulationAnswer> {
    // The simulation shows the server edited texts: no other call may run meanwhile.
    return this.calls.onServer(scope, [...simulation.overlay.keys()], (ctx) => simulateEdits(ctx, simulation), 'exclusive');
  }

  readTexts(scope: QueryScope, path: string, texts: readonly string[]): Promise<readonly ServerReading[] | { readonly unchecked: string }> {
    const syntax = this.profile.syntax;
    if (syntax === undefined) {
      const unchecked = `its language server (${serverName(this.profile)}) is not known to tell its syntax errors from its other errors`;
      return Promise.resolve({ unchecked });
    }
    // The server is shown edited texts: no other call may run meanwhile.
    return this.calls.onServer(
      scope,
      [path],
      async (ctx) => {
        const readings: ServerReading[] = [];
        for (const text of texts) readings.push(await readText(ctx, syntax, path, text));
        return readings;
      },
      'exclusive',
    );
  }

  diagnostics(scope: QueryScope, path: string): Promise<readonly DiagnosticRecord[]> {
    const refuse = (): void => refuseUnreadable(this.workspace.files, scope, path);
    return this.calls.onServer(scope, [path], (ctx) => fileDiagnostics(ctx, path), 'shared', refuse);
  }

  async diagnosticsPlan(outer: QueryScope): Promise<DiagnosticsPlan> {
    // The checks of the plan's files see the disk as the plan did: one view for the whole walk.
    const scope = await this.workspace.begin(outer);
    return { ...(await this.calls.onServer(scope, [], (ctx) => Promise.resolve(diagnosticsPlan(ctx)))), scope };
  }

  checkFile(scope: QueryScope, path: string, leadsGroup: boolean): Promise<FileCheck> {
    return this.calls.onServer(scope, [], (ctx) => checkPlannedFile(ctx, path, leadsGroup));
  }

  compilers(scope: QueryScope, path: string | undefined): Promise<readonly CompilerUse[]> {
    const { policy } = this;
    if (policy === undefined) return this.calls.onDisk(scope, () => []);
    return this.calls.onDisk(scope, () => compilersOf(this.workspace, scope.workspaceRoot, path, policy, this.owns));
  }

  async outline(scope: QueryScope, path: string): Promise<readonly OutlineSymbol[]> {
    try {
      if (this.profile.typescript === undefined) return await this.calls.onServer(scope, [path], (ctx) => outline(ctx, path));
      return await this.calls.onServer(scope, [path], (ctx) =>
        this.outlines.of(
          path,
          () => this.workspace.files.version(path),
          () => outline(ctx, path),
        ),
      );
    } catch (error) {
      // A workspace too large to scan gets no server, but a TypeScript outline is syntax: the parser's.
      if (!(error instanceof WorkspaceTooLargeException) || this.profile.typescript === undefined) throw error;
      return this.calls.onDisk(scope, () => this.workspace.outline(path));
    }
  }

  /**
   * A TypeScript server's outline is the file's syntax, as the in-process outline is (the same
   * items, checked on real projects): the entries that hold a declaration are read from the
   * parser's tree by walking up from it, as the in-process backend does, rather than from the
   * server's outline of the whole file, which every answer's node id asked for on its first call
   * about a file (issue 25). A JavaScript file's outline also has its CommonJS exports, and other
   * languages' servers have their own outlines: left to `outline`.
   */
  outlineAncestry(scope: QueryScope, path: string, offset: number): Promise<readonly OutlineStep[] | undefined> {
    if (this.profile.typescript === undefined || isJavaScriptFile(path)) return Promise.resolve(undefined);
    return this.calls.onDisk(scope, () => {
      // A broken config refuses the outline; the caller then asks it, and names nothing, as before.
      this.workspace.checkConfigOf(scope.workspaceRoot, path);
      const text = this.workspace.files.text(path);
      return text === undefined ? undefined : outlineAncestryOf(BUNDLED_TYPESCRIPT, this.workspace.syntax.get(path, text), offset);
    });
  }

  hover(scope: QueryScope, at: FileOffset): Promise<HoverAnswer | undefined> {
    return this.calls.onServer(scope, [at.path], (ctx) => hoverAt(ctx, at));
  }

  implementations(scope: QueryScope, at: FileOffset): Promise<readonly SourceSpan[]> {
    return this.calls.onServer(scope, [at.path], (ctx) => implementationsAt(ctx, at));
  }

  searchSymbols(scope: QueryScope, query: string, maxResults: number): Promise<readonly SymbolMatch[]> {
    return this.calls.onServer(scope, [], (ctx) => searchSymbols(ctx, query, maxResults));
  }

  callItems(scope: QueryScope, at: FileOffset): Promise<readonly CallItem[]> {
    return this.calls.onServer(scope, [at.path], (ctx) => callItemsAt(ctx, at));
  }

  incomingCalls(scope: QueryScope, item: CallItem): Promise<readonly CallEdge[]> {
    return this.calls.onServer(scope, [item.path], (ctx) => incomingCallsOf(ctx, item));
  }

  outgoingCalls(scope: QueryScope, item: CallItem): Promise<readonly CallEdge[]> {
    return this.calls.onServer(scope, [item.path], (ctx) => outgoingCallsOf(ctx, item));
  }

  typeItems(scope: QueryScope, at: FileOffset): Promise<readonly TypeItem[]> {
    return this.calls.onServer(scope, [at.path], (ctx) => typeItemsOf(ctx, at));
  }

  supertypes(scope: QueryScope, item: TypeItem): Promise<readonly TypeItem[]> {
    return this.calls.onServer(scope, [item.path], (ctx) => supertypesOfItem(ctx, item));
  }

  subtypes(scope: QueryScope, item: TypeItem): Promise<readonly TypeItem[]> {
    return this.calls.onServer(scope, [item.path], (ctx) => subtypesOfItem(ctx, item));
  }

  codeActions(scope: QueryScope, query: CodeActionQuery): Promise<CodeActionsAnswer> {
    return this.calls.onServer(scope, [query.path], (ctx) => codeActionsOf(ctx, query));
  }

  codeActionEdits(scope: QueryScope, query: CodeActionQuery, ref: string): Promise<ActionEdits | undefined> {
    return this.calls.onServer(scope, [query.path], (ctx) => codeActionEditsOf(ctx, query, ref));
  }

  formatEdits(scope: QueryScope, query: FormatQuery): Promise<FormatAnswer> {
    return this.calls.onServer(scope, [query.path], (ctx) => formatEditsOf(ctx, query));
  }

  completions(scope: QueryScope, at: FileOffset): Promise<CompletionAnswer> {
    return this.calls.onServer(scope, [at.path], (ctx) => completionsAt(ctx, at));
  }

  completionDetails(scope: QueryScope, at: FileOffset, refs: readonly string[]): Promise<readonly (CompletionDetail | undefined)[]> {
    return this.calls.onServer(scope, [at.path], (ctx) => completionDetailsOf(ctx, refs));
  }

  signatureHelp(scope: QueryScope, at: FileOffset): Promise<SignatureHelpAnswer | undefined> {
    return this.calls.onServer(scope, [at.path], (ctx) => signatureHelpAt(ctx, at));
  }

  /** Pids of the running language servers (for tests and logs). */
  serverPids(): number[] {
    return this.calls.pids();
  }

  async dispose(): Promise<void> {
    await this.calls.dispose();
    // A shared workspace is the composition's to release.
    if (this.ownsWorkspace) this.workspace.dispose();
  }
}
