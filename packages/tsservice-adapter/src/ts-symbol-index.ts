import {
  DEFAULT_MAX_FILE_BYTES,
  BridgeException,
  projectTypeScriptUnloadable,
  type ActionEdits,
  bridgeErrorOf,
  type CallEdge,
  type CodeActionQuery,
  type CodeActionsAnswer,
  type CompletionAnswer,
  type CompletionDetail,
  type SignatureHelpAnswer,
  type FormatAnswer,
  type FormatQuery,
  type CallItem,
  type CompilerUse,
  type DiagnosticRecord,
  type FileOffset,
  type HoverAnswer,
  type IdentifierSpan,
  type OutlineSymbol,
  type OutlineStep,
  type DiagnosticsPlan,
  type FileCheck,
  type QueryScope,
  type ReferencesAnswer,
  type EditSimulation,
  type RenameInfo,
  type RenameLocations,
  type SimulationAnswer,
  type PublicExport,
  type SourceSpan,
  type SymbolIndex,
  type SymbolMatch,
  type TypeItem,
  type CompilerChoice,
  type CompilerPolicy,
} from '@mcp-lsp-bridge/domain';
import { BUNDLED_TYPESCRIPT, type TypeScriptApi } from '@mcp-lsp-bridge/ts-syntax';
import {
  BUNDLED_JS_COMPILER,
  TsWorkspace,
  type BackendOptions,
  identifiersIn,
  isJavaScriptFile,
  outlineAncestryOf,
  typescriptModules,
  type TypeScriptModules,
  publicExportsOf,
} from '@mcp-lsp-bridge/ts-workspace';
import type ts from 'typescript';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { AdapterContext, ProjectCompiler } from './adapter-context.js';
import { CallQueue } from './call-queue.js';
import { SignalCancellationToken } from './cancellation.js';
import { diagnosticsOf } from './diagnostics/file-diagnostics.js';
import { checkFile, diagnosticsPlan } from './diagnostics/project-diagnostics.js';
import { callItems, incomingCalls, outgoingCalls } from './navigation/call-hierarchy.js';
import { definitionsAt } from './navigation/definitions.js';
import { typeDefinitionsAt } from './navigation/type-definitions.js';
import { codeActionEditsAt, codeActionsAt } from './actions/code-actions.js';
import { formatEditsAt } from './actions/format-edits.js';
import { completionDetailsAt, completionsAt, signatureHelpAt } from './navigation/completions.js';
import { hoverOf } from './navigation/hover.js';
import { implementations } from './navigation/implementations.js';
import { referencesAt } from './navigation/references.js';
import { searchSymbols } from './navigation/symbol-search.js';
import { subtypes, supertypes, typeItems } from './navigation/type-hierarchy.js';
import { workspaceAccess } from './project/project-ownership.js';
import { compilersOf } from './project/compiler-uses.js';
import { ProjectPool } from './project/project-pool.js';
import type { WorkspaceAccess } from './project/workspace-access.js';
import { simulateEdits } from './rename/edit-simulation.js';
import { renameInfoAt, renameLocationsAt } from './rename/rename-edits.js';

export interface TsSymbolIndexOptions extends BackendOptions {
  /** Warm language services kept (least recently used evicted); default 8. */
  readonly maxProjects?: number;
  /** The process's loaded TypeScript modules; default: the shared ones. */
  readonly modules?: TypeScriptModules;
  /**
   * Which compiler answers each project; default: the project's own `typescript` 5.x/6.x,
   * else the bundled one (never a native compiler: this backend runs JavaScript API versions only).
   */
  readonly compilers?: CompilerPolicy;
}

/** A project's own TypeScript module; one that cannot be loaded refuses the call, saying what to do. */
function loadCompiler(modules: TypeScriptModules, choice: CompilerChoice): TypeScriptApi {
  try {
    return modules.load(choice.packageDir, choice.version);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new BridgeException(projectTypeScriptUnloadable(choice.version, choice.packageDir, reason ?? ''));
  }
}

/** The policy of `LSP_BRIDGE_BACKEND=tsservice`: JavaScript-API compilers, the project's own first. */
export const TSSERVICE_POLICY: CompilerPolicy = {
  typescript: 'workspace',
  runtimes: ['js'],
  bundled: { js: BUNDLED_JS_COMPILER },
  fallback: 'js',
  backendLabel: 'LSP_BRIDGE_BACKEND=tsservice',
};

/**
 * The `SymbolIndex` port over TypeScript's in-process LanguageService: each method runs, one
 * call at a time, the module of its topic (navigation, diagnostics, rename) over the project
 * that owns the file; every call starts with what changed on disk, so no notification is needed.
 */
export class TsSymbolIndex implements SymbolIndex {
  private readonly ctx: AdapterContext;
  private readonly pool: ProjectPool;
  private readonly calls: CallQueue;
  private readonly ownsWorkspace: boolean;

  constructor(options: TsSymbolIndexOptions = {}) {
    const log = options.log ?? (() => undefined);
    this.ownsWorkspace = options.workspace === undefined;
    const workspace =
      options.workspace ??
      TsWorkspace.standalone({ maxFileBytes: options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES, watch: { log, ...options.watch } });
    const modules = options.modules ?? typescriptModules;
    const policy = options.compilers ?? TSSERVICE_POLICY;
    const registries = new Map<TypeScriptApi, ts.DocumentRegistry>();
    this.ctx = {
      workspace,
      files: workspace.files,
      modules,
      compilerOf: (spec): ProjectCompiler => {
        const choice = workspace.compilers.compilerOf(spec, policy);
        if (choice.runtime !== 'js') throw new Error(`The in-process backend was given a ${choice.runtime} compiler for ${spec.key}`);
        return { choice, api: loadCompiler(modules, choice) };
      },
      owns: options.owns ?? (() => true),
      registryFor: (api) => {
        let registry = registries.get(api);
        if (registry === undefined) {
          registry = api.createDocumentRegistry(api.sys.useCaseSensitiveFileNames);
          registries.set(api, registry);
        }
        return registry;
      },
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
    return this.calls.runExclusive(scope, () =>
      identifiersIn(this.ctx.workspace, path, start, end, this.warmTree(scope.workspaceRoot, path)),
    );
  }

  definitions(scope: QueryScope, at: FileOffset): Promise<readonly SourceSpan[]> {
    return this.calls.runExclusive(scope, () => definitionsAt(this.access(scope), at));
  }

  typeDefinitions(scope: QueryScope, at: FileOffset): Promise<readonly SourceSpan[]> {
    return this.calls.runExclusive(scope, () => typeDefinitionsAt(this.access(scope), at));
  }

  publicExports(scope: QueryScope, declarations: readonly SourceSpan[]): Promise<readonly PublicExport[]> {
    return this.calls.runExclusive(scope, () => {
      const { workspace } = this.ctx;
      return publicExportsOf(workspace.files, workspace.syntax, workspace.outputs, workspace.view(scope.workspaceRoot), declarations);
    });
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

  async diagnosticsPlan(outer: QueryScope): Promise<DiagnosticsPlan> {
    // The checks of the plan's files see the disk as the plan did: one view for the whole walk.
    const scope = await this.ctx.workspace.begin(outer);
    return { ...(await this.calls.runExclusive(scope, () => diagnosticsPlan(this.access(scope)))), scope };
  }

  async checkFile(scope: QueryScope, path: string): Promise<FileCheck> {
    // A turn of the event loop between files, so a timeout can fire during a long walk.
    await nextTurn();
    return this.calls.runExclusive(scope, () => checkFile(this.access(scope), scope, path));
  }

  compilers(scope: QueryScope, path: string | undefined): Promise<readonly CompilerUse[]> {
    return this.calls.runExclusive(scope, () => compilersOf(this.access(scope), path));
  }

  outline(scope: QueryScope, path: string): Promise<readonly OutlineSymbol[]> {
    // An outline is syntax: no project is loaded and no workspace scanned for it (a root of
    // 20,000 directories still has outlines); a broken config refuses it, as on every backend.
    return this.calls.runExclusive(scope, () => {
      this.ctx.workspace.checkConfigOf(scope.workspaceRoot, path);
      return this.ctx.workspace.outline(path, () => this.parsedTree(scope.workspaceRoot, path));
    });
  }

  outlineAncestry(scope: QueryScope, path: string, offset: number): Promise<readonly OutlineStep[] | undefined> {
    return this.calls.runExclusive(scope, () => {
      this.ctx.workspace.checkConfigOf(scope.workspaceRoot, path);
      // From a warm program's tree of the text on disk, as `outline` would use it; a JavaScript
      // file's outline also has its CommonJS exports, left to `outline`.
      if (isJavaScriptFile(path)) return undefined;
      const tree = this.warmTree(scope.workspaceRoot, path);
      return tree === undefined ? undefined : outlineAncestryOf(BUNDLED_TYPESCRIPT, tree, offset);
    });
  }

  /** `parsedTree`, when it is the tree of the text on disk now. */
  private warmTree(root: string, path: string): ts.SourceFile | undefined {
    const tree = this.parsedTree(root, path);
    return tree !== undefined && tree.text === this.ctx.files.text(path) ? tree : undefined;
  }

  /**
   * The bundled compiler's syntax tree of `path` in its project's program, when that project
   * is warm already (an outline loads none): the outline is built from it rather than from a
   * second parse of the same text.
   */
  private parsedTree(root: string, path: string): ts.SourceFile | undefined {
    try {
      const project = this.pool.peek(this.ctx.workspace.ownerOf(root, path).spec);
      if (project === undefined || !project.loaded || project.ts !== BUNDLED_TYPESCRIPT) return undefined;
      project.syncWithDisk(root);
      const program = project.program();
      // Bound (every node's parent set, which the navigation tree reads): a warm program's checker exists already.
      program.getTypeChecker();
      return program.getSourceFile(path);
    } catch (error) {
      // The project cannot say (a broken config, a file it leaves out): the parser alone answers, as without a project.
      if (bridgeErrorOf(error) === undefined) throw error;
      return undefined;
    }
  }

  hover(scope: QueryScope, at: FileOffset): Promise<HoverAnswer | undefined> {
    return this.calls.runExclusive(scope, () => {
      const project = this.access(scope).projectFor(at.path);
      return hoverOf(project.ts, project.ls.getQuickInfoAtPosition(at.path, at.offset));
    });
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

  typeItems(scope: QueryScope, at: FileOffset): Promise<readonly TypeItem[]> {
    return this.calls.runExclusive(scope, () => typeItems(this.access(scope), at));
  }

  supertypes(scope: QueryScope, item: TypeItem): Promise<readonly TypeItem[]> {
    return this.calls.runExclusive(scope, () => supertypes(this.access(scope), item));
  }

  subtypes(scope: QueryScope, item: TypeItem): Promise<readonly TypeItem[]> {
    return this.calls.runExclusive(scope, () => subtypes(this.access(scope), item));
  }

  codeActions(scope: QueryScope, query: CodeActionQuery): Promise<CodeActionsAnswer> {
    return this.calls.runExclusive(scope, () => codeActionsAt(this.access(scope), query));
  }

  codeActionEdits(scope: QueryScope, query: CodeActionQuery, ref: string): Promise<ActionEdits | undefined> {
    return this.calls.runExclusive(scope, () => codeActionEditsAt(this.access(scope), query, ref));
  }

  formatEdits(scope: QueryScope, query: FormatQuery): Promise<FormatAnswer> {
    return this.calls.runExclusive(scope, () => formatEditsAt(this.access(scope), query));
  }

  completions(scope: QueryScope, at: FileOffset): Promise<CompletionAnswer> {
    return this.calls.runExclusive(scope, () => completionsAt(this.access(scope), at));
  }

  completionDetails(scope: QueryScope, at: FileOffset, refs: readonly string[]): Promise<readonly (CompletionDetail | undefined)[]> {
    return this.calls.runExclusive(scope, () => completionDetailsAt(this.access(scope), at, refs));
  }

  signatureHelp(scope: QueryScope, at: FileOffset): Promise<SignatureHelpAnswer | undefined> {
    return this.calls.runExclusive(scope, () => signatureHelpAt(this.access(scope), at));
  }

  /** Keys of the warm projects (config paths, `inferred:<root>`), least recently used first. */
  loadedProjects(): readonly string[] {
    return this.pool.keys();
  }

  dispose(): void {
    this.pool.dispose();
    // A shared workspace is the composition's to release.
    if (this.ownsWorkspace) this.ctx.workspace.dispose();
  }

  private access(scope: QueryScope): WorkspaceAccess {
    return workspaceAccess(this.ctx, this.pool, scope.workspaceRoot);
  }
}
