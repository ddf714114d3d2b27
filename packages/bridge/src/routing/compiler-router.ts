import {
  bridgeErrorOf,
  type CompilerUse,
  type EditSimulation,
  type DiagnosticsPlan,
  type QueryScope,
  type SimulationAnswer,
  type SymbolIndex,
  type SymbolMatch,
  chooseCompiler,
  type CompilerChoice,
  type CompilerPolicy,
} from '@mcp-lsp-bridge/domain';
import { compilerUses, configSpec, inferredSpec, type ProjectSpec, type TsWorkspace } from '@mcp-lsp-bridge/ts-workspace';
import { FileRoutedIndex } from './file-routed-index.js';
import { mergeDiagnosticsPlans, mergeSimulations, mergeSymbolMatches, splitSimulation } from './merge-answers.js';

/** A backend the router hands projects to, and releases at the end. */
export type RoutedIndex = SymbolIndex & { dispose(): void | Promise<void> };

/** The projects a backend answers project-wide questions for. */
export type Owns = (root: string, spec: ProjectSpec) => boolean;

export interface CompilerRouterOptions {
  /** Which compiler answers each project (`LSP_BRIDGE_BACKEND=auto`). */
  readonly policy: CompilerPolicy;
  /** The in-process backend, for every project whose compiler has the JavaScript API. */
  readonly inProcess: (owns: Owns) => RoutedIndex;
  /** The backend of one native compiler (a project's own TypeScript 7, or the bundled one). */
  readonly native: (compiler: CompilerChoice, owns: Owns) => RoutedIndex;
  /**
   * The process's workspace, shared with the backends: a file's project and its compiler are
   * decided once per call, here and in the backend alike.
   */
  readonly workspace: TsWorkspace;
  readonly log: (message: string) => void;
}

/**
 * `LSP_BRIDGE_BACKEND=auto`: the SymbolIndex that hands each call to the backend of the
 * compiler that answers for the project it is about (the project owning its file, as both
 * backends decide ownership), so every project is answered by its own compiler: one in-process
 * backend for every JavaScript-API version, one native server per TypeScript 7 install.
 * Project-wide calls ask every backend involved, each about its own projects, and merge.
 * A call about a file sees that file's backend only: cross-project references come from the
 * compiler of the project the call is about, which reads the other projects' files itself.
 */
export class CompilerRouter extends FileRoutedIndex implements SymbolIndex {
  private readonly workspace: TsWorkspace;
  private readonly backends = new Map<string, RoutedIndex>();
  /** Each native compiler seen, by its backend's key, so the backend can be made from the key. */
  private readonly natives = new Map<string, CompilerChoice>();

  constructor(private readonly options: CompilerRouterOptions) {
    super();
    this.workspace = options.workspace;
  }

  async simulateEdits(outer: QueryScope, simulation: EditSimulation): Promise<SimulationAnswer> {
    const scope = await this.begin(outer);
    const shares = splitSimulation(simulation, (path) => this.keyOf(scope.workspaceRoot, path));
    const answers = [];
    for (const [key, share] of shares) answers.push({ share, answer: await this.backend(key).simulateEdits(scope, share.simulation) });
    return mergeSimulations(simulation, answers);
  }

  async diagnosticsPlan(outer: QueryScope): Promise<DiagnosticsPlan> {
    const scope = await this.begin(outer);
    const plans: DiagnosticsPlan[] = [];
    for (const key of this.workspaceKeys(scope)) plans.push(await this.backend(key).diagnosticsPlan(scope));
    return mergeDiagnosticsPlans(plans, scope);
  }

  async compilers(outer: QueryScope, path: string | undefined): Promise<readonly CompilerUse[]> {
    const scope = await this.begin(outer);
    const root = scope.workspaceRoot;
    const specs = path === undefined ? this.workspaceProjects(root) : [this.workspace.ownerOf(root, path).spec];
    return compilerUses(specs.map((spec) => ({ spec, choice: this.choiceOf(spec) })));
  }

  async searchSymbols(outer: QueryScope, query: string, maxResults: number): Promise<readonly SymbolMatch[]> {
    const scope = await this.begin(outer);
    const keys = this.workspaceKeys(scope);
    if (keys.length === 1) return this.backend(keys[0] as string).searchSymbols(scope, query, maxResults);
    const answers: (readonly SymbolMatch[])[] = [];
    for (const key of keys) answers.push(await this.backend(key).searchSymbols(scope, query, maxResults));
    return mergeSymbolMatches(answers, maxResults);
  }

  /** The backends started so far, by key (`js`, or `native:<package directory>`). */
  loadedBackends(): string[] {
    return [...this.backends.keys()];
  }

  async dispose(): Promise<void> {
    const backends = [...this.backends.values()];
    this.backends.clear();
    // The workspace is the composition's to release: the backends share it.
    for (const backend of backends) await backend.dispose();
  }

  /** Starts a call (or joins the one an outer router began): every change that completed before it is known. */
  protected async begin(scope: QueryScope): Promise<QueryScope> {
    const begun = await this.workspace.begin(scope);
    begun.signal.throwIfAborted();
    return begun;
  }

  /** The backend of `path`'s project, as the disk is at the start of this call. */
  protected forFile(scope: QueryScope, path: string): RoutedIndex {
    return this.backend(this.keyOf(scope.workspaceRoot, path));
  }

  /** The backends of the workspace's projects (the fallback's when every config is broken: it reports them). */
  private workspaceKeys(scope: QueryScope): string[] {
    const keys = new Set(this.workspaceProjects(scope.workspaceRoot).map((spec) => keyOf(this.choiceOf(spec))));
    return keys.size === 0 ? [this.fallbackKey()] : [...keys].sort();
  }

  private workspaceProjects(root: string): ProjectSpec[] {
    const { configs, broken } = this.workspace.configsOf(root);
    if (configs.length === 0) return broken.length > 0 ? [] : [inferredSpec(root)];
    return configs.filter((c) => c.fileNames.size > 0).map((c) => configSpec(c.path));
  }

  /** A file's backend key; a file whose config is broken goes to the fallback, which refuses the call naming it. */
  private keyOf(root: string, path: string): string {
    try {
      return keyOf(this.choiceOf(this.workspace.ownerOf(root, path).spec));
    } catch (error) {
      if (bridgeErrorOf(error) === undefined) throw error;
      return this.fallbackKey();
    }
  }

  private choiceOf(spec: ProjectSpec): CompilerChoice {
    return this.remembered(this.workspace.compilers.compilerOf(spec, this.options.policy));
  }

  /** The bundled compiler that answers a project without one of its own. */
  private fallbackKey(): string {
    return keyOf(this.remembered(chooseCompiler({ found: undefined, declared: undefined, plugAndPlay: false }, this.options.policy)));
  }

  private remembered(choice: CompilerChoice): CompilerChoice {
    if (choice.runtime === 'native') this.natives.set(keyOf(choice), choice);
    return choice;
  }

  private backend(key: string): RoutedIndex {
    let backend = this.backends.get(key);
    if (backend === undefined) {
      const owns: Owns = (root, spec) => keyOf(this.choiceOf(spec)) === key;
      if (key === JS_KEY) backend = this.options.inProcess(owns);
      else {
        const compiler = this.natives.get(key);
        if (compiler === undefined) throw new Error(`No native compiler is known for ${key}`);
        backend = this.options.native(compiler, owns);
      }
      this.options.log(`auto: started the ${key} backend`);
      this.backends.set(key, backend);
    }
    return backend;
  }
}

const JS_KEY = 'js';

/** One backend per way of running: every JavaScript-API version in process together, each native install alone. */
function keyOf(choice: CompilerChoice): string {
  return choice.runtime === 'js' ? JS_KEY : `native:${choice.packageDir}`;
}
