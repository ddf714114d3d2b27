import { FILE_OF_CALL, type FileMethod, type QueryScope, type SymbolIndex } from '@mcp-lsp-bridge/domain';

/**
 * What a router of the `SymbolIndex` port does for every call about one file: take the call's
 * view of the disk (`begin`: joined when an outer router took it already, so the events are
 * drained once per call however many layers it crosses), then hand the call, with the scope
 * that carries that view, to the backend `forFile` chooses for the file. The forwarding is
 * derived from the port's own table (`FILE_OF_CALL`), so a new method about a file needs
 * nothing here; the routers decide only that choice and how project-wide calls are shared
 * out and merged.
 */
// The class and the interface below are one type on purpose: the interface declares what the
// loop at the end puts on the prototype.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export abstract class FileRoutedIndex {
  /** Starts the call (or joins the one `scope` carries); the scope to hand on. */
  protected abstract begin(scope: QueryScope): Promise<QueryScope>;
  /** The backend that answers for `path`, as the disk is at the start of this call. */
  protected abstract forFile(scope: QueryScope, path: string): SymbolIndex;
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface FileRoutedIndex extends Pick<SymbolIndex, FileMethod> {}

/** The two steps of a router, as the forwarding below calls them (they are protected). */
interface Routing {
  begin(scope: QueryScope): Promise<QueryScope>;
  forFile(scope: QueryScope, path: string): SymbolIndex;
}

for (const method of Object.keys(FILE_OF_CALL) as FileMethod[]) {
  const fileOf = FILE_OF_CALL[method] as (...args: unknown[]) => string;
  Object.defineProperty(FileRoutedIndex.prototype, method, {
    value: async function forward(this: Routing, ...args: unknown[]) {
      const scope = await this.begin(args[0] as QueryScope);
      const backend = this.forFile(scope, fileOf(...args)) as unknown as Partial<Record<FileMethod, (...a: unknown[]) => unknown>>;
      // An optional method the chosen backend lacks answers `undefined`, as the port says it may.
      return backend[method]?.(scope, ...args.slice(1));
    },
    writable: true,
    configurable: true,
  });
}
