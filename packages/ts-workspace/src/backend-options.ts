import type { WatchOptions } from '@mcp-lsp-bridge/workspace';
import type { CompilerPolicy } from '@mcp-lsp-bridge/domain';
import type { ProjectSpec } from './config/project-owner.js';
import type { TsWorkspace } from './ts-workspace.js';

/** What every backend over the workspace's TypeScript projects is configured with (in process or over LSP). */
export interface BackendOptions {
  /** Larger files are not read (reported as failures); default 10 MiB. */
  readonly maxFileBytes?: number;
  /**
   * The process's workspace (its files, listings and watch, and its TypeScript projects), shared
   * with the other backends and the routers; default: one of the backend's own.
   */
  readonly workspace?: TsWorkspace;
  /** Without `workspace`: freshness from file-system events (default: on, on Linux); off, every call stats the workspace's files. */
  readonly watch?: WatchOptions;
  readonly log?: (message: string) => void;
  /** Which compiler answers each project (the answer to `compilers`). */
  readonly compilers?: CompilerPolicy;
  /**
   * The TypeScript projects this backend answers project-wide questions for (workspace
   * diagnostics, symbol search, compilers); default: all. Another backend answers for the rest.
   */
  readonly owns?: (root: string, spec: ProjectSpec) => boolean;
}
