import type { OutlineSymbol } from '@mcp-lsp-bridge/domain';

/** The files whose outlines are kept, the ones asked about lately (as the in-process backend keeps its own). */
const OUTLINES_KEPT = 128;

/**
 * A TypeScript server's outline is the file's syntax (TypeScript's navigation tree, completed
 * from the same syntax here): the same text gives the same outline, so it is kept per version
 * of the file on disk. Every answer's node id reads the outline of the file it lands in; asked
 * of the server each time, it was the largest part of a warm definition over TypeScript 7's
 * server (issue 25). Other languages' outlines can depend on other files (clangd's on the
 * headers' macros): not kept.
 */
export class KeptOutlines {
  private readonly kept = new Map<string, { readonly version: string; readonly outline: readonly OutlineSymbol[] }>();

  /** The outline of `path` at `version` (the file store's, `undefined`: not kept), made by `make` unless kept. */
  async of(
    path: string,
    version: () => string | undefined,
    make: () => Promise<readonly OutlineSymbol[]>,
  ): Promise<readonly OutlineSymbol[]> {
    const before = version();
    const kept = this.kept.get(path);
    if (before !== undefined && kept?.version === before) return kept.outline;
    const outline = await make();
    // Kept only if the file did not change while the server answered.
    if (before !== undefined && version() === before) {
      this.kept.delete(path);
      this.kept.set(path, { version: before, outline });
      if (this.kept.size > OUTLINES_KEPT) this.kept.delete(this.kept.keys().next().value as string);
    }
    return outline;
  }
}
