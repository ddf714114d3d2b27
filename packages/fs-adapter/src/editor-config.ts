import type { EditorSettings, Signal } from '@mcp-lsp-bridge/domain';

/**
 * The `EditorSettings` port over the EditorConfig reference library: the `.editorconfig` files
 * from a file's directory up to one with `root = true`, their sections matched by EditorConfig's
 * own globs and cascaded; `unset` values removed. Read afresh on every call (the files are
 * small and few), so an edit to one is seen by the next call. The library (and the semver and
 * WebAssembly glob matcher it loads) is imported on the first call: a process that never lays
 * out code (a CLI command answered by the background server, a server's start) does not pay it.
 */
export class EditorConfigSettings implements EditorSettings {
  async propertiesOf(path: string, signal: Signal): Promise<Readonly<Record<string, string | number | boolean>>> {
    signal.throwIfAborted();
    const { parse } = await import('editorconfig');
    let properties: Record<string, unknown>;
    try {
      properties = await parse(path, { unset: true });
    } catch {
      // An unreadable .editorconfig gives no settings: the file's own layout is kept.
      return {};
    }
    const out: Record<string, string | number | boolean> = {};
    for (const [key, value] of Object.entries(properties)) {
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[key] = value;
    }
    return out;
  }
}
