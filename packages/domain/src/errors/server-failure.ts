import { serverFailureError } from '../rules/server-failures.js';
import { BridgeException } from './bridge-error.js';

/**
 * What went wrong with a language server, as the adapter saw it: facts, never words. The
 * domain words the error (`rules/server-failures.ts`), so a user of any server is told what
 * fits that server.
 */
export interface ServerFailure {
  /** The server as its users know it: `clangd`, `typescript-language-server`. */
  readonly server: string;
  /** The language it serves, for messages: `C/C++`, `TypeScript and JavaScript`. */
  readonly language: string;
  /** Another backend serves the language too (TypeScript and JavaScript: the in-process one). */
  readonly otherBackend: boolean;
  /**
   * The `.lsp.json` where another server for the language can be named: the workspace's, or the
   * file `LSP_BRIDGE_CONFIG` names (the adapter knows which applies).
   */
  readonly configFile?: string;
  readonly what: ServerFailureKind;
}

export type ServerFailureKind =
  /** It answered `method` with an error; `message` is its own, concise (one line, no stack frames or install paths). */
  | { readonly kind: 'refused'; readonly method: string; readonly message: string }
  /** Its process is gone (`exit`: how), while `method` was in flight if one was. */
  | { readonly kind: 'gone'; readonly exit: ServerExit; readonly method?: string }
  /** It crashed `crashes` times within `windowMinutes` (the last: `last`) and is not started again before `until`. */
  | { readonly kind: 'crashing'; readonly crashes: number; readonly windowMinutes: number; readonly last: string; readonly until: string }
  /** It does not offer `method`: it declares no `capability` (`callHierarchyProvider`), or, declaring it, answered "method not found". */
  | { readonly kind: 'unsupported'; readonly method: string; readonly capability?: string };

/** How a server's process ended, or why it is not there to answer. */
export type ServerExit =
  /** Spawning it failed (`error`: the OS's message). */
  | { readonly kind: 'not-started'; readonly error: string }
  /** It exited with `code` (`null`: unknown). */
  | { readonly kind: 'exited'; readonly code: number | null }
  | { readonly kind: 'signalled'; readonly signal: string }
  /** It closed its connection (and did not exit at once). */
  | { readonly kind: 'connection-closed' }
  /** typescript-language-server logged its tsserver's exit (with an error, when neither is said) and answers every request empty. */
  | { readonly kind: 'lost-tsserver'; readonly code?: string; readonly signal?: string }
  /** Not started yet, or already stopped. */
  | { readonly kind: 'not-running' };

/** An adapter's report of a server failure: a `BridgeException` whose error the domain words from the fact it carries. */
export class ServerFailureException extends BridgeException {
  constructor(readonly serverFailure: ServerFailure) {
    super(serverFailureError(serverFailure));
    this.name = 'ServerFailureException';
  }
}

/** The server failure a thrown value reports, recognised by shape (as `bridgeErrorOf` does). */
export function serverFailureOf(thrown: unknown): ServerFailure | undefined {
  if (typeof thrown !== 'object' || thrown === null) return undefined;
  const candidate = (thrown as { serverFailure?: unknown }).serverFailure;
  if (typeof candidate !== 'object' || candidate === null) return undefined;
  const { server, what } = candidate as Record<string, unknown>;
  return typeof server === 'string' && typeof what === 'object' && what !== null ? (candidate as ServerFailure) : undefined;
}
