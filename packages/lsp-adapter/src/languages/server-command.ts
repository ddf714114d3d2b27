import { BridgeException, ErrorCode, bridgeError } from '@mcp-lsp-bridge/domain';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { serverError } from '../connection/errors.js';
import { serverName, type LanguageProfile } from './language-profile.js';

const require = createRequire(import.meta.url);

/** The platform package a native TypeScript (7 and later) runs from: its `tsc` executable. */
const PLATFORM_PACKAGE = `@typescript/typescript-${process.platform}-${process.arch}`;

/** The command line of a profile's server; LANGUAGE_SERVER_NOT_FOUND (or, for TypeScript 7, why it cannot run) when it is missing. */
export function commandOf(
  profile: LanguageProfile,
  env: Readonly<Record<string, string | undefined>> = process.env,
): { command: string; args: readonly string[] } {
  const launch = profile.server;
  switch (launch.kind) {
    case 'package': {
      const packageDir = resolvedDir(require, `${launch.packageName}/package.json`);
      if (packageDir === undefined) {
        throw notFound(
          profile,
          `its npm package ${launch.packageName} is missing from this install of mcp-lsp-bridge`,
          'Reinstall mcp-lsp-bridge (its dependencies include it).',
        );
      }
      return { command: process.execPath, args: [path.join(packageDir, launch.script), ...launch.args] };
    }
    case 'executable': {
      const executable = findExecutable(launch.command, env['PATH'] ?? '');
      if (executable !== undefined) return { command: executable, args: launch.args };
      const where = path.isAbsolute(launch.command) ? `${launch.command} is not an executable file` : `${launch.command} is not on PATH`;
      const install = launch.install === undefined ? `Install ${launch.command}` : `Install it: \`${launch.install}\` (Debian/Ubuntu)`;
      const configure =
        profile.typescript !== undefined ? 'fix LSP_BRIDGE_LSP_COMMAND' : 'set its path ("command") in <workspaceRoot>/.lsp.json';
      throw notFound(profile, where, `${install}, or ${configure}; then call again.`);
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
  if (packageDir !== undefined) {
    throw serverError(
      `The project's typescript ${version ?? ''} (${packageDir}) cannot run: its platform package ${PLATFORM_PACKAGE} is not installed.`,
      "Run the project's package manager install (optional dependencies included), or set LSP_BRIDGE_TYPESCRIPT=bundled.",
    );
  }
  const missing = dir === undefined ? 'the optional dependency typescript-7 is' : `its platform package ${PLATFORM_PACKAGE} is`;
  throw serverError(
    `TypeScript 7's native compiler (LSP_BRIDGE_LSP_SERVER=tsgo) is not installed: ${missing} missing from this install.`,
    'Reinstall mcp-lsp-bridge with its optional dependencies (without --omit=optional or --no-optional), ' +
      'or unset LSP_BRIDGE_LSP_SERVER to run typescript-language-server.',
  );
}

function notFound(profile: LanguageProfile, why: string, resolution: string): BridgeException {
  return new BridgeException(
    bridgeError(
      ErrorCode.LANGUAGE_SERVER_NOT_FOUND,
      `${profile.displayName} files are served by ${serverName(profile)}, which is not installed: ${why}`,
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

/** The directory of a package resolved by `resolver`, or `undefined` when it is not installed. */
function resolvedDir(resolver: NodeJS.Require, request: string): string | undefined {
  try {
    return path.dirname(resolver.resolve(request));
  } catch {
    return undefined;
  }
}
