import path from 'node:path';
import { bridgeErrorOf } from '@mcp-lsp-bridge/domain/front';
import { BUILTIN_PROFILES } from './builtin-profiles.js';
import { serverName, type LanguageProfile } from './language-profile.js';
import { commandOf } from './server-command.js';

export { findExecutable } from './server-command.js';

/**
 * Where a language's server is, found exactly as the bridge finds it to start it (commandOf),
 * for the set-up check and `--version`. Loads nothing but the profiles: no TypeScript, no LSP.
 */
export interface ServerLocation {
  readonly profile: LanguageProfile;
  /** `pyright`, `clangd`, `gopls`, or a configured command's name. */
  readonly name: string;
  /** `bundled`: an npm package of the bridge's, run by Node; `path`: an executable. */
  readonly kind: 'bundled' | 'path';
  /** The executable, or the script Node runs. */
  readonly path?: string;
  /** A bundled server's package directory. */
  readonly packageDir?: string;
  /** The refusal's message a call about one of its files gets, when it cannot be started. */
  readonly missing?: string;
  /** What to run to install it (Debian/Ubuntu), when the profile knows. */
  readonly install?: string;
}

export function serverLocation(profile: LanguageProfile, env: Readonly<Record<string, string | undefined>>): ServerLocation {
  const launch = profile.server;
  const base = {
    profile,
    name: serverName(profile),
    kind: launch.kind === 'package' ? ('bundled' as const) : ('path' as const),
    ...(launch.kind === 'executable' && launch.install !== undefined ? { install: launch.install } : {}),
  };
  try {
    const { command, args } = commandOf(profile, env);
    if (launch.kind === 'executable') return { ...base, path: command };
    const script = args[0] ?? '';
    const within = launch.kind === 'package' ? launch.script.length + 1 : 0;
    return { ...base, path: script, packageDir: (within > 0 ? script.slice(0, script.length - within) : '') || path.dirname(script) };
  } catch (error) {
    const refusal = bridgeErrorOf(error);
    if (refusal === undefined) throw error;
    return { ...base, missing: refusal.message };
  }
}

/** The servers of the languages served out of the box besides TypeScript and JavaScript. */
export function builtinServerLocations(env: Readonly<Record<string, string | undefined>>): ServerLocation[] {
  return BUILTIN_PROFILES.map((profile) => serverLocation(profile, env));
}
