import {
  SUPPORTED_EXTENSIONS,
  bridgeErrorOf,
  serviceRefusal,
  isSupportedSourceFile,
  type CompilerUse,
  type EditSimulation,
  type DiagnosticsPlan,
  type NameRules,
  type QueryScope,
  type ServerReading,
  type ServerSyntax,
  type SimulationAnswer,
  type SourceLanguages,
  type SymbolIndex,
  type SymbolMatch,
} from '@mcp-lsp-bridge/domain';
import { languageIdIn, type LanguageProfile } from '@mcp-lsp-bridge/lsp-adapter/profiles';
import type { Workspace } from '@mcp-lsp-bridge/workspace';
import { FileRoutedIndex } from './file-routed-index.js';
import { mergeDiagnosticsPlans, mergeSimulations, mergeSymbolMatches, splitSimulation } from './merge-answers.js';

/** A language's backend (its server also reads texts for a replaced body's check), released at the end. */
export type LanguageIndex = SymbolIndex & ServerSyntax & { dispose(): void | Promise<void> };

export interface LanguageRouterOptions {
  /** TypeScript's and JavaScript's backend (whichever `LSP_BRIDGE_BACKEND` chose). */
  readonly typescript: SymbolIndex;
  /** The languages of a workspace besides TypeScript: its `.lsp.json`'s first, then the built-in ones. */
  readonly profilesOf: (root: string) => readonly LanguageProfile[];
  /** The `.lsp.json` that configures a workspace's servers (its own, or the file `LSP_BRIDGE_CONFIG` names). */
  readonly configFileOf: (root: string) => string;
  /** The backend of one language's server, made on the first call about one of its files. */
  readonly indexOf: (profile: LanguageProfile) => LanguageIndex;
  /**
   * The process's workspace: each call's view of the disk is taken here, once, and handed on
   * with the call; the languages a workspace holds come from its shared, watched listing.
   */
  readonly workspace: Workspace;
  readonly log: (message: string) => void;
}

const TYPESCRIPT = 'typescript';

/**
 * The SymbolIndex that hands each call to the backend of its file's language: TypeScript and
 * JavaScript to the TypeScript backend, every other configured language to its own server
 * (started only when one of its files is touched). Project-wide calls ask every language the
 * workspace holds files of and merge; a language whose server fails shows up as failures, not
 * as the whole call failing. It is also the `SourceLanguages` port (what it routes is what is served,
 * with each language's names) and the `ServerSyntax` port (a file's texts read by its language's server).
 */
export class LanguageRouter extends FileRoutedIndex implements SymbolIndex, SourceLanguages, ServerSyntax {
  private readonly backends = new Map<string, LanguageIndex>();
  /** The backend key each workspace's language was last served by (`root\0name`). */
  private readonly serving = new Map<string, string>();
  /** The extensions served, by the profiles they come from (the same list while a workspace's `.lsp.json` does not change). */
  private readonly served = new WeakMap<readonly LanguageProfile[], readonly string[]>();

  constructor(private readonly options: LanguageRouterOptions) {
    super();
  }

  extensions(root: string): readonly string[] {
    const profiles = this.options.profilesOf(root);
    let extensions = this.served.get(profiles);
    if (extensions === undefined) {
      extensions = [...new Set([...SUPPORTED_EXTENSIONS, ...profiles.flatMap((p) => Object.keys(p.extensions))])];
      this.served.set(profiles, extensions);
    }
    return extensions;
  }

  configFile(root: string): string {
    return this.options.configFileOf(root);
  }

  nameRules(root: string, path: string): NameRules | undefined {
    return this.profileOf(root, path)?.naming;
  }

  indentsWithTabs(root: string, path: string): boolean {
    return this.profileOf(root, path)?.indentsWithTabs === true;
  }

  async readTexts(
    outer: QueryScope,
    path: string,
    texts: readonly string[],
  ): Promise<readonly ServerReading[] | { readonly unchecked: string }> {
    const scope = await this.begin(outer);
    const key = this.keyOf(scope.workspaceRoot, path);
    // TypeScript's and JavaScript's texts are read by the bridge's own parser, never here.
    if (key === TYPESCRIPT) return { unchecked: 'TypeScript and JavaScript files are read by the parser, not by a server' };
    return this.languageBackend(scope.workspaceRoot, key).readTexts(scope, path, texts);
  }

  async simulateEdits(outer: QueryScope, simulation: EditSimulation): Promise<SimulationAnswer> {
    const scope = await this.begin(outer);
    const root = scope.workspaceRoot;
    const shares = splitSimulation(simulation, (path) => this.keyOf(root, path));
    if (shares.size === 1 && shares.has(TYPESCRIPT)) return this.options.typescript.simulateEdits(scope, simulation);
    const answers = [];
    for (const [key, share] of shares) {
      // A language's server is shown only its own language's edited texts.
      const overlay = new Map([...share.simulation.overlay].filter(([path]) => this.keyOf(root, path) === key));
      answers.push({ share, answer: await this.backend(root, key).simulateEdits(scope, { ...share.simulation, overlay }) });
    }
    return mergeSimulations(simulation, answers);
  }

  async diagnosticsPlan(outer: QueryScope): Promise<DiagnosticsPlan> {
    const scope = await this.begin(outer);
    const plans: DiagnosticsPlan[] = [];
    for (const key of this.workspaceKeys(scope)) {
      const plan = await this.tolerant(scope, key, () => this.backend(scope.workspaceRoot, key).diagnosticsPlan(scope));
      plans.push('refusal' in plan ? { groups: [], failures: [{ path: scope.workspaceRoot, reason: plan.refusal }] } : plan.value);
    }
    return mergeDiagnosticsPlans(plans, scope);
  }

  async compilers(outer: QueryScope, path: string | undefined): Promise<readonly CompilerUse[]> {
    const scope = await this.begin(outer);
    // No TypeScript compiler answers for a file of another language, nor for a workspace without TypeScript or JavaScript.
    const typescript =
      path === undefined ? this.workspaceKeys(scope).includes(TYPESCRIPT) : this.keyOf(scope.workspaceRoot, path) === TYPESCRIPT;
    return typescript ? this.options.typescript.compilers(scope, path) : [];
  }

  async searchSymbols(outer: QueryScope, query: string, maxResults: number): Promise<readonly SymbolMatch[]> {
    const scope = await this.begin(outer);
    const keys = this.workspaceKeys(scope);
    if (keys.length === 1 && keys[0] === TYPESCRIPT) return this.options.typescript.searchSymbols(scope, query, maxResults);
    const answers: (readonly SymbolMatch[])[] = [];
    for (const key of keys) {
      const answer = await this.tolerant(scope, key, () => this.backend(scope.workspaceRoot, key).searchSymbols(scope, query, maxResults));
      // The other languages' matches are still the answer; why one is missing goes to the log.
      if ('refusal' in answer) this.options.log(`workspace symbols: ${answer.refusal}`);
      else answers.push(answer.value);
    }
    return mergeSymbolMatches(answers, maxResults);
  }

  /** The language backends started so far (TypeScript's is not this router's to list). */
  loadedLanguages(): string[] {
    return [...this.backends.keys()];
  }

  /** Releases the language servers; TypeScript's backend is released by its own binding. */
  async dispose(): Promise<void> {
    const backends = [...this.backends.values()];
    this.backends.clear();
    for (const backend of backends) await backend.dispose();
  }

  /** Takes the call's view of the disk, once for every layer below (the events drained once). */
  protected async begin(scope: QueryScope): Promise<QueryScope> {
    const begun = await this.options.workspace.begin(scope);
    begun.signal.throwIfAborted();
    return begun;
  }

  protected forFile(scope: QueryScope, path: string): SymbolIndex {
    return this.backend(scope.workspaceRoot, this.keyOf(scope.workspaceRoot, path));
  }

  /** The profile serving `path` in `root` (the workspace's config wins over the built-in ones), or TypeScript. */
  private keyOf(root: string, path: string): string {
    const profile = this.profileOf(root, path);
    return profile === undefined ? TYPESCRIPT : profileKey(profile);
  }

  private profileOf(root: string, path: string): LanguageProfile | undefined {
    return this.options.profilesOf(root).find((p) => languageIdIn(p, path) !== undefined);
  }

  /** The languages the workspace holds files of (TypeScript's too when it holds none at all: its answers are the contract's for an empty workspace). */
  private workspaceKeys(scope: QueryScope): string[] {
    const root = scope.workspaceRoot;
    const extensions = this.extensions(root);
    const files = this.options.workspace.sourceFiles(root, extensions.join(' '), (file) => isSupportedSourceFile(file, extensions));
    if (files === undefined) return [TYPESCRIPT];
    const keys = new Set(files.map((file) => this.keyOf(root, file)));
    if (keys.size === 0) keys.add(TYPESCRIPT);
    return [...keys].sort((a, b) => (a === TYPESCRIPT ? -1 : b === TYPESCRIPT ? 1 : a.localeCompare(b)));
  }

  private backend(root: string, key: string): SymbolIndex {
    return key === TYPESCRIPT ? this.options.typescript : this.languageBackend(root, key);
  }

  private languageBackend(root: string, key: string): LanguageIndex {
    let backend = this.backends.get(key);
    if (backend === undefined) {
      const profile = this.options.profilesOf(root).find((p) => profileKey(p) === key);
      if (profile === undefined) throw new Error(`No language profile is known for ${key}`);
      backend = this.options.indexOf(profile);
      this.options.log(`languages: started the ${profile.displayName} backend`);
      this.backends.set(key, backend);
      this.replace(`${root}\0${profile.name}`, key);
    }
    return backend;
  }

  /**
   * A language of `root` is now served by `key`: a `.lsp.json` edited to start its server
   * otherwise or tell it other settings makes another backend; the one it replaces is stopped
   * unless another workspace still has it.
   */
  private replace(language: string, key: string): void {
    const previous = this.serving.get(language);
    this.serving.set(language, key);
    if (previous === undefined || previous === key || [...this.serving.values()].includes(previous)) return;
    const replaced = this.backends.get(previous);
    this.backends.delete(previous);
    void replaced?.dispose();
  }

  /**
   * A project-wide part answered by one language: its refusal (a server not installed, one
   * that crashed) becomes a failure of the whole answer rather than the call's end, unless
   * the call itself was cancelled.
   */
  private async tolerant<T>(scope: QueryScope, key: string, body: () => Promise<T>): Promise<{ value: T } | { refusal: string }> {
    if (key === TYPESCRIPT) return { value: await body() };
    try {
      return { value: await body() };
    } catch (error) {
      const known = bridgeErrorOf(error);
      if (known === undefined || scope.signal.aborted) throw error;
      return { refusal: serviceRefusal(known) };
    }
  }
}

/**
 * A profile's backend key: its name, how its server runs and what it is told (a configured
 * server replacing a built-in one, or its `.lsp.json` entry edited, is another backend).
 */
function profileKey(profile: LanguageProfile): string {
  const { server, initializationOptions, settings, env, startupTimeoutMs, extensions } = profile;
  return `${profile.name}:${JSON.stringify({ server, initializationOptions, settings, env, startupTimeoutMs, extensions })}`;
}
