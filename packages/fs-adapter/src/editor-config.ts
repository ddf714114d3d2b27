import type { EditorSettings, Signal } from '@mcp-lsp-bridge/domain';
import { parse } from 'editorconfig';

/**
 * The `EditorSettings` port over the EditorConfig reference library: the `.editorconfig` files
 * from a file's directory up to one with `root = true`, their sections matched by EditorConfig's
 * own globs and cascaded; `unset` values removed. Read afresh on every call (the files are
 * small and few), so an edit to one is seen by the next call.
 */
export class EditorConfigSettings implements EditorSettings {
  async propertiesOf(path: string, signal: Signal): Promise<Readonly<Record<string, string | number | boolean>>> {
    signal.throwIfAborted();
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
