import type { CompilerChoice } from '@mcp-lsp-bridge/domain';
import type { ProjectSpec, TsWorkspace, TypeScriptModules } from '@mcp-lsp-bridge/ts-workspace';
import type { FileStore } from '@mcp-lsp-bridge/workspace';
import type { TypeScriptApi } from '@mcp-lsp-bridge/ts-syntax';
import type ts from 'typescript';
import type { SignalCancellationToken } from './cancellation.js';

/** The compiler a project is compiled with: the choice, and the module that runs it. */
export interface ProjectCompiler {
  readonly choice: CompilerChoice;
  readonly api: TypeScriptApi;
}

/**
 * What every project and helper shares; one per `TsSymbolIndex`. It names nothing of the
 * projects themselves, so the project modules can all depend on it without a circle.
 */
export interface AdapterContext {
  /** Texts, configs, listings and syntax trees, as both backends see them. */
  readonly workspace: TsWorkspace;
  /** `workspace.files`: what every language service host reads through. */
  readonly files: FileStore;
  /** The TypeScript modules loaded in this process, one per version. */
  readonly modules: TypeScriptModules;
  /** The compiler of a project, as its directory resolves `typescript` during this call. */
  compilerOf(spec: ProjectSpec): ProjectCompiler;
  /**
   * Whether this index answers project-wide questions (diagnostics of the workspace, symbol
   * search, the compilers in use) for a project; another backend answers for the rest.
   */
  owns(root: string, spec: ProjectSpec): boolean;
  /** One document registry per TypeScript version: a registry holds its own version's syntax trees. */
  registryFor(api: TypeScriptApi): ts.DocumentRegistry;
  readonly token: SignalCancellationToken;
  readonly log: (message: string) => void;
}
