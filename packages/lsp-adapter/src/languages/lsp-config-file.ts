import { BridgeException, LSP_CONFIG_RULES, unusableLspConfig, type LspConfigProblem } from '@mcp-lsp-bridge/domain';
import fs from 'node:fs';
import { z } from 'zod';
import { BUILTIN_PROFILES } from './builtin-profiles.js';
import { GENERIC_LEXICON } from './identifier-scan.js';
import { languageIdIn, type LanguageProfile, type Lexicon } from './language-profile.js';
import { CONFIG_SETTING, lspConfigPath } from './lsp-config-path.js';

export { CONFIG_FILE, CONFIG_SETTING } from './lsp-config-path.js';

/**
 * One server of a `.lsp.json`, in the shape Claude Code plugins use for `lspServers`, so a
 * config written for Claude Code works here. Fields this bridge has no use for
 * (`shutdownTimeout`, `restartOnCrash`, `maxRestarts`, `workspaceFolder`) are accepted and
 * ignored: the bridge's own lifecycle rules apply.
 */
const serverEntry = z.looseObject({
  command: z.string().min(1, LSP_CONFIG_RULES.command),
  args: z.array(z.string()).optional(),
  extensionToLanguage: z
    .record(z.string().regex(/^\.[^/\\]+$/, LSP_CONFIG_RULES.extension), z.string().min(1))
    .refine((map) => Object.keys(map).length > 0, LSP_CONFIG_RULES.extensions),
  transport: z.literal('stdio', { error: LSP_CONFIG_RULES.transport }).optional(),
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

  /** `env`: the settings as the composition read them (`LSP_BRIDGE_CONFIG`), never the process's own. */
  constructor(private readonly env: Readonly<Record<string, string | undefined>>) {}

  /** The path of the config that applies to `root`. */
  pathFor(root: string): string {
    return lspConfigPath(root, this.env[CONFIG_SETTING]);
  }

  /** The configured profiles of `root` (none without a config file). */
  profiles(root: string): readonly LanguageProfile[] {
    const file = this.pathFor(root);
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      if (this.env[CONFIG_SETTING] !== undefined && this.env[CONFIG_SETTING] !== '')
        throw invalid(file, { kind: 'named-file-missing', setting: CONFIG_SETTING });
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
    throw invalid(file, { kind: 'invalid-json', parser: error instanceof Error ? error.message : String(error) });
  }
  const parsed = configFile.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue === undefined || issue.path.length === 0 ? undefined : issue.path.map(String).join('.');
    throw invalid(file, {
      kind: 'invalid-field',
      ...(field === undefined ? {} : { field }),
      ...(issue === undefined ? {} : { rule: issue.message }),
    });
  }
  return Object.entries(parsed.data).map(([name, entry]) => {
    const extensions = Object.fromEntries(Object.entries(entry.extensionToLanguage).map(([ext, id]) => [ext.toLowerCase(), id]));
    const known = BUILTIN_PROFILES.find((p) => Object.values(p.extensions).some((id) => Object.values(extensions).includes(id)));
    return {
      name,
      displayName: name,
      extensions,
      server: { kind: 'executable', command: entry.command, args: entry.args ?? [], configuredIn: file },
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

function invalid(file: string, problem: LspConfigProblem): BridgeException {
  return new BridgeException(unusableLspConfig(file, problem));
}
