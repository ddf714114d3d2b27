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
  readonly what: ServerFailureKind;
}

export type ServerFailureKind =
  /** It answered `method` with an error; `message` is its own, concise (one line, no stack frames or install paths). */
  | { readonly kind: 'refused'; readonly method: string; readonly message: string }
  /** Its process is gone (`how`: "exited with code 3"), while `method` was in flight if one was. */
  | { readonly kind: 'gone'; readonly how: string; readonly method?: string }
  /** It crashed `crashes` times within `windowMinutes` (the last: `last`) and is not started again before `until`. */
  | { readonly kind: 'crashing'; readonly crashes: number; readonly windowMinutes: number; readonly last: string; readonly until: string }
  /** It does not offer `method` (`why`: "it declares no callHierarchyProvider"). */
  | { readonly kind: 'unsupported'; readonly method: string; readonly why: string };

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
