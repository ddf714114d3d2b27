import { FILE_OF_CALL, type FileMethod, type QueryScope, type SymbolIndex } from '@mcp-lsp-bridge/domain';

/**
 * What a router of the `SymbolIndex` port does for every call about one file: hand it to the
 * backend `forFile` chooses for that file. The forwarding is derived from the port's own table
 * (`FILE_OF_CALL`), so a new method about a file needs nothing here; the routers decide only
 * that choice and how project-wide calls are shared out and merged.
 */
// The class and the interface below are one type on purpose: the interface declares what the
// loop at the end puts on the prototype.
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export abstract class FileRoutedIndex {
  /** The backend that answers for `path`, as the disk is at the start of this call. */
  protected abstract forFile(scope: QueryScope, path: string): SymbolIndex | Promise<SymbolIndex>;
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface FileRoutedIndex extends Pick<SymbolIndex, FileMethod> {}

for (const method of Object.keys(FILE_OF_CALL) as FileMethod[]) {
  const fileOf = FILE_OF_CALL[method] as (...args: unknown[]) => string;
  Object.defineProperty(FileRoutedIndex.prototype, method, {
    value: async function forward(this: FileRoutedIndex & { forFile: FileRoutedIndex['forFile'] }, ...args: unknown[]) {
      const backend = (await this.forFile(args[0] as QueryScope, fileOf(...args))) as unknown as Record<
        FileMethod,
        (...a: unknown[]) => unknown
      >;
      return backend[method](...args);
    },
    writable: true,
    configurable: true,
  });
}
