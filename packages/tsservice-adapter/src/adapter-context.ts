import type { FileStore, TsWorkspace } from '@mcp-lsp-bridge/ts-workspace';
import type ts from 'typescript';
import type { SignalCancellationToken } from './cancellation.js';

/**
 * What every project and helper shares; one per `TsSymbolIndex`. It names nothing of the
 * projects themselves, so the project modules can all depend on it without a circle.
 */
export interface AdapterContext {
  /** Texts, configs, listings and syntax trees, as both backends see them. */
  readonly workspace: TsWorkspace;
  /** `workspace.files`: what every language service host reads through. */
  readonly files: FileStore;
  readonly registry: ts.DocumentRegistry;
  readonly token: SignalCancellationToken;
  readonly log: (message: string) => void;
}
