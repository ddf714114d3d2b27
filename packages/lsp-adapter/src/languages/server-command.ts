import { BridgeException, nativeTypeScriptMissing, serverNotInstalled, type MissingServer } from '@mcp-lsp-bridge/domain/front';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { serverName, type LanguageProfile } from './language-profile.js';

const require = createRequire(import.meta.url);

/** The platform package a native TypeScript (7 and later) runs from: its `tsc` executable. */
const PLATFORM_PACKAGE = `@typescript/typescript-${process.platform}-${process.arch}`;

/**
 * The command line of a profile's server; LANGUAGE_SERVER_NOT_FOUND (or, for TypeScript 7, why it
 * cannot run) when it is missing, naming the `.lsp.json` that names it, else `lspConfig` (the
 * workspace's, where another command can be set) when the caller knows it.
 */
export function commandOf(
  profile: LanguageProfile,
  env: Readonly<Record<string, string | undefined>> = process.env,
  lspConfig?: string,
): { command: string; args: readonly string[] } {
  const launch = profile.server;
  switch (launch.kind) {
    case 'package': {
      const packageDir = resolvedDir(require, `${launch.packageName}/package.json`);
      if (packageDir === undefined) {
        throw notFound(profile, { kind: 'package', packageName: launch.packageName });
      }
      return { command: process.execPath, args: [path.join(packageDir, launch.script), ...launch.args] };
    }
    case 'executable': {
      const executable = findExecutable(launch.command, env['PATH'] ?? '');
      if (executable !== undefined) return { command: executable, args: launch.args };
      const configFile = launch.configuredIn ?? lspConfig;
      throw notFound(profile, {
        kind: 'executable',
        command: launch.command,
        absolute: path.isAbsolute(launch.command),
        ...(launch.install === undefined ? {} : { install: launch.install }),
        typescript: profile.typescript !== undefined,
        ...(configFile === undefined ? {} : { configFile }),
      });
    }
    case 'native-typescript':
      return { command: nativeExecutable(launch.packageDir, launch.version), args: ['--lsp', '--stdio'] };
  }
}

/**
 * The `tsc` of a native TypeScript: the bundled `typescript-7`, an optional dependency (an
 * install with --omit=optional, or on a platform TypeScript 7 has no build for, lacks it, and the
 * user must learn why rather than read a resolve error), or a project's own at `packageDir`.
 */
function nativeExecutable(packageDir: string | undefined, version: string | undefined): string {
  const dir = packageDir ?? resolvedDir(require, 'typescript-7/package.json');
  const platformDir =
    dir === undefined ? undefined : resolvedDir(createRequire(path.join(dir, 'package.json')), `${PLATFORM_PACKAGE}/package.json`);
  if (platformDir !== undefined) return path.join(platformDir, 'lib', process.platform === 'win32' ? 'tsc.exe' : 'tsc');
  const from = packageDir !== undefined ? { project: { version, packageDir } } : { bundledMissing: dir === undefined };
  throw new BridgeException(nativeTypeScriptMissing(PLATFORM_PACKAGE, from));
}

function notFound(profile: LanguageProfile, missing: MissingServer): BridgeException {
  return new BridgeException(serverNotInstalled(profile.displayName, serverName(profile), missing));
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

/** The directory of a package resolved by `resolver`, or `undefined` when it is not installed. */
function resolvedDir(resolver: NodeJS.Require, request: string): string | undefined {
  try {
    return path.dirname(resolver.resolve(request));
  } catch {
    return undefined;
  }
}
