import type { Signal } from '../model/signal.js';

/**
 * The editor settings a project gives a file (`.editorconfig`, cascading from the file's directory
 * up to the root or a `root = true`), as the EditorConfig library reads them: `indent_style`,
 * `indent_size`, `tab_width`, `end_of_line`, … (property names lower-case). The domain decides
 * what they mean for a formatter (rules/format-settings.ts).
 */
export interface EditorSettings {
  propertiesOf(path: string, signal: Signal): Promise<Readonly<Record<string, string | number | boolean>>>;
}
