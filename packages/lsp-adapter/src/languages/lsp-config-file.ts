import { BridgeException, ErrorCode, bridgeError } from '@mcp-lsp-bridge/domain';
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { BUILTIN_PROFILES } from './builtin-profiles.js';
import { GENERIC_LEXICON } from './identifier-scan.js';
import { languageIdIn, type LanguageProfile, type Lexicon } from './language-profile.js';

/** The setting naming a `.lsp.json` to use instead of the workspace's own. */
export const CONFIG_SETTING = 'LSP_BRIDGE_CONFIG';
export const CONFIG_FILE = '.lsp.json';

/**
 * One server of a `.lsp.json`, in the shape Claude Code plugins use for `lspServers`, so a
 * config written for Claude Code works here. Fields this bridge has no use for
 * (`shutdownTimeout`, `restartOnCrash`, `maxRestarts`, `workspaceFolder`) are accepted and
 * ignored: the bridge's own lifecycle rules apply.
 */
const serverEntry = z.looseObject({
  command: z.string().min(1, 'must be a non-empty string (the server executable)'),
  args: z.array(z.string()).optional(),
  extensionToLanguage: z
    .record(z.string().regex(/^\.[^/\\]+$/, 'must be a file extension starting with "." (e.g. ".py")'), z.string().min(1))
    .refine((map) => Object.keys(map).length > 0, 'must map at least one extension to a language id'),
  transport: z.literal('stdio', { error: 'only "stdio" is supported' }).optional(),
  initializationOptions: z.unknown().optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
  env: z.record(z.string(), z.string()).optional(),
  startupTimeout: z.number().int().positive().optional(),
});

const configFile = z.record(z.string(), serverEntry);

interface Cached {
  readonly stamp: string;
  readonly profiles: readonly LanguageProfile[];
}

/**
 * The languages a workspace configures in `<root>/.lsp.json` (or the file `LSP_BRIDGE_CONFIG`
 * names): read again whenever the file changes; an invalid file refuses every call that needs
 * it with CONFIG_NOT_FOUND naming the bad field.
 */
export class LspConfigFiles {
  private readonly cache = new Map<string, Cached>();

  constructor(private readonly env: Readonly<Record<string, string | undefined>> = process.env) {}

  /** The path of the config that applies to `root`. */
  pathFor(root: string): string {
    const configured = this.env[CONFIG_SETTING];
    return configured !== undefined && configured !== '' ? path.resolve(root, configured) : path.join(root, CONFIG_FILE);
  }

  /** The configured profiles of `root` (none without a config file). */
  profiles(root: string): readonly LanguageProfile[] {
    const file = this.pathFor(root);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      if (this.env[CONFIG_SETTING] !== undefined && this.env[CONFIG_SETTING] !== '')
        throw invalid(file, `${CONFIG_SETTING} names a file that does not exist`);
      return [];
    }
    const stamp = `${stat.size}:${stat.mtimeMs}:${stat.ino}`;
    const cached = this.cache.get(file);
    if (cached?.stamp === stamp) return cached.profiles;
    const profiles = parseConfig(file, fs.readFileSync(file, 'utf8'));
    this.cache.set(file, { stamp, profiles });
    return profiles;
  }
}

/** A `.lsp.json`'s text as profiles, or CONFIG_NOT_FOUND naming the first bad field. */
export function parseConfig(file: string, text: string): LanguageProfile[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw invalid(file, `it is not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  const parsed = configFile.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue === undefined || issue.path.length === 0 ? '(the whole file)' : issue.path.map(String).join('.');
    throw invalid(file, `"${field}" ${issue?.message ?? 'is invalid'}`);
  }
  return Object.entries(parsed.data).map(([name, entry]) => {
    const extensions = Object.fromEntries(Object.entries(entry.extensionToLanguage).map(([ext, id]) => [ext.toLowerCase(), id]));
    const known = BUILTIN_PROFILES.find((p) => Object.values(p.extensions).some((id) => Object.values(extensions).includes(id)));
    return {
      name,
      displayName: name,
      extensions,
      server: { kind: 'executable', command: entry.command, args: entry.args ?? [] },
      ...(entry.initializationOptions === undefined ? {} : { initializationOptions: entry.initializationOptions }),
      ...(entry.settings === undefined ? {} : { settings: entry.settings }),
      ...(entry.env === undefined ? {} : { env: entry.env }),
      ...(entry.startupTimeout === undefined ? {} : { startupTimeoutMs: entry.startupTimeout }),
      dependencyDirectories: known?.dependencyDirectories ?? [],
      lexicon: known?.lexicon ?? GENERIC_LEXICON,
      // A language's names and configuration files do not depend on its server; how a server marks
      // syntax errors does, so a configured server's are unknown (its files' bodies are never replaced unchecked).
      ...(known?.naming === undefined ? {} : { naming: known.naming }),
      ...(known?.configFiles === undefined ? {} : { configFiles: known.configFiles }),
      ...(known?.indentsWithTabs === undefined ? {} : { indentsWithTabs: known.indentsWithTabs }),
    } satisfies LanguageProfile;
  });
}

/** The spelling of `path`'s language: a built-in profile's, else the generic one. */
export function lexiconOf(path: string): Lexicon {
  return BUILTIN_PROFILES.find((p) => languageIdIn(p, path) !== undefined)?.lexicon ?? GENERIC_LEXICON;
}

function invalid(file: string, why: string): BridgeException {
  return new BridgeException(
    bridgeError(
      ErrorCode.CONFIG_NOT_FOUND,
      `The language server config ${file} is not usable: ${why}`,
      `Fix ${path.basename(file)}: an object of servers, each { "command": string, "args"?: string[], "extensionToLanguage": { ".ext": "languageId" }, "initializationOptions"?, "settings"?, "env"?, "startupTimeout"? } (the shape of Claude Code's .lsp.json); then call again.`,
    ),
  );
}
