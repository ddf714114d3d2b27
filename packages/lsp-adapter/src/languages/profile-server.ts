import { BridgeException, ErrorCode, bridgeError } from '@mcp-lsp-bridge/domain';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ServerSpec } from '../connection/server-spec.js';
import { languageIdIn, type LanguageProfile, type ServerLaunch } from './language-profile.js';

const require = createRequire(import.meta.url);

/** How a profile's server is started and what it is told: the `ServerSpec` the connection layer runs. */
export function profileServer(profile: LanguageProfile, env: Readonly<Record<string, string | undefined>> = process.env): ServerSpec {
  const { settings } = profile;
  return {
    id: `language:${profile.name}:${JSON.stringify(profile.server)}`,
    displayName: serverName(profile.server),
    command: () => commandOf(profile, env),
    initializationOptions: () => profile.initializationOptions ?? {},
    configuration: (section) => (settings === undefined ? null : sectionOf(settings, section)),
    ...(settings === undefined ? {} : { settings: () => nested(settings) }),
    languageIdOf: (file) => languageIdIn(profile, file) ?? profile.name,
    ...(profile.env === undefined ? {} : { env: profile.env }),
    ...(profile.startupTimeoutMs === undefined ? {} : { startupTimeoutMs: profile.startupTimeoutMs }),
    unsupportedResolution: `${serverName(profile.server)} (the ${profile.displayName} language server) does not offer this; no other server is configured for ${profile.displayName} files (see docs/languages.md).`,
  };
}

export function serverName(launch: ServerLaunch): string {
  return launch.kind === 'package' ? launch.packageName : path.basename(launch.command);
}

/** The command line of a profile's server, or LANGUAGE_SERVER_NOT_FOUND naming how to install it. */
export function commandOf(
  profile: LanguageProfile,
  env: Readonly<Record<string, string | undefined>> = process.env,
): { command: string; args: readonly string[] } {
  const launch = profile.server;
  if (launch.kind === 'package') {
    let packageDir: string;
    try {
      packageDir = path.dirname(require.resolve(`${launch.packageName}/package.json`));
    } catch {
      throw notFound(
        profile,
        `its npm package ${launch.packageName} is missing from this install of mcp-lsp-bridge`,
        'Reinstall mcp-lsp-bridge (its dependencies include it).',
      );
    }
    return { command: process.execPath, args: [path.join(packageDir, launch.script), ...launch.args] };
  }
  const executable = findExecutable(launch.command, env['PATH'] ?? '');
  if (executable === undefined) {
    const where = path.isAbsolute(launch.command) ? `${launch.command} is not an executable file` : `${launch.command} is not on PATH`;
    const install = launch.install === undefined ? `Install ${launch.command}` : `Install it: \`${launch.install}\` (Debian/Ubuntu)`;
    throw notFound(profile, where, `${install}, or set its path ("command") in <workspaceRoot>/.lsp.json; then call again.`);
  }
  return { command: executable, args: launch.args };
}

function notFound(profile: LanguageProfile, why: string, resolution: string): BridgeException {
  return new BridgeException(
    bridgeError(
      ErrorCode.LANGUAGE_SERVER_NOT_FOUND,
      `${profile.displayName} files are served by ${serverName(profile.server)}, which is not installed: ${why}`,
      resolution,
    ),
  );
}

/** An absolute path, or the first executable file named `command` in PATH's directories. */
export function findExecutable(command: string, searchPath: string): string | undefined {
  const candidates = command.includes('/')
    ? [path.resolve(command)]
    : searchPath
        .split(path.delimiter)
        .filter((d) => d !== '')
        .map((d) => path.join(d, command));
  return candidates.find((candidate) => {
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return fs.statSync(candidate).isFile();
    } catch {
      return false;
    }
  });
}

/** The settings of `section` (`python.analysis`), as flat keys or nested under their parents. */
function sectionOf(settings: Readonly<Record<string, unknown>>, section: string | undefined): unknown {
  const all = nested(settings);
  if (section === undefined || section === '') return all;
  let value: unknown = all;
  for (const part of section.split('.')) {
    if (typeof value !== 'object' || value === null) return null;
    value = (value as Record<string, unknown>)[part];
  }
  return value ?? null;
}

/** Dotted keys (`python.analysis`) expanded into nested objects, as `didChangeConfiguration` sends them. */
function nested(settings: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(settings)) {
    const parts = key.split('.');
    let target = out;
    for (const part of parts.slice(0, -1)) {
      const next = target[part];
      target = (target[part] = typeof next === 'object' && next !== null ? next : {}) as Record<string, unknown>;
    }
    const last = parts[parts.length - 1] as string;
    const existing = target[last];
    target[last] =
      typeof existing === 'object' && existing !== null && typeof value === 'object' && value !== null ? { ...existing, ...value } : value;
  }
  return out;
}
