import type { FormatSettings } from '@mcp-lsp-bridge/domain';
import type { TypeScriptApi } from '@mcp-lsp-bridge/ts-syntax';
import type ts from 'typescript';

/**
 * The domain's format settings as TypeScript's format options: its defaults (spacing rules),
 * with the indentation, tab width and line break the settings give; a line break they leave
 * out is the text's own.
 */
export function formatCodeSettings(api: TypeScriptApi, settings: FormatSettings, text: string): ts.FormatCodeSettings {
  const newLine = settings.newLine ?? (/\r\n/.test(text) ? '\r\n' : '\n');
  return {
    ...api.getDefaultFormatCodeSettings(newLine),
    indentSize: settings.indentSize,
    tabSize: settings.tabSize,
    convertTabsToSpaces: settings.insertSpaces,
    indentStyle: api.IndentStyle.Smart,
    trimTrailingWhitespace: settings.trimTrailingWhitespace ?? true,
  };
}

/** What code actions are computed with: no file is created for them, and imports are spelled as the file does. */
export const ACTION_PREFERENCES: ts.UserPreferences = {
  quotePreference: 'auto',
  allowTextChangesInNewFiles: false,
  includePackageJsonAutoImports: 'off',
};
