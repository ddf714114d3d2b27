import { languageIdOf as typescriptLanguageId } from '@mcp-lsp-bridge/ts-workspace';
import { languageIdIn, type LanguageProfile } from './language-profile.js';

// Apart from language-profile.ts, which the MCP server loads (server locations, for --version):
// TypeScript's own language ids come from ts-workspace, which loads the TypeScript compiler.

/** The language id a document of `path` is shown to the profile's server with. */
export function documentLanguageId(profile: LanguageProfile, path: string): string {
  return profile.typescript !== undefined ? typescriptLanguageId(path) : (languageIdIn(profile, path) ?? profile.name);
}
