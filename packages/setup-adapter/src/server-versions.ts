import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { unnamedVersion, type ServerFacts } from '@mcp-lsp-bridge/domain/front';
import { builtinServerLocations, findExecutable, type ServerLocation } from '@mcp-lsp-bridge/lsp-adapter/server-locations';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * How each program the bridge runs tells its version, and where in its answer the version is:
 * `clangd --version` ("Debian clangd version 14.0.6"), `gopls version` ("golang.org/x/tools/gopls
 * v0.11.0", "… master" for a distribution's build), `go version` ("go version go1.19.8 linux/amd64").
 * A server configured in `.lsp.json` is not asked: nothing says it would answer and exit.
 */
const VERSION_QUERIES: Readonly<Record<string, { readonly args: readonly string[]; readonly pattern: RegExp }>> = {
  clangd: { args: ['--version'], pattern: /version\s+(\S+)/ },
  gopls: { args: ['version'], pattern: /gopls\s+(\S+)/ },
  go: { args: ['version'], pattern: /go version\s+(\S+)/ },
};

/** A version query may take this long before it counts as unanswered (a first gopls run on a cold cache is slow). */
const VERSION_TIMEOUT_MS = 10_000;

/** The Go toolchain, which gopls runs to load packages: not a language server, but gopls cannot answer without it. */
export const GO_TOOLCHAIN = { command: 'go', install: 'apt-get install golang-go' } as const;

type VersionAnswer = { readonly version: string } | { readonly versionError: string } | undefined;

/** What a program's answer to its version query says, or why it said nothing usable. */
function versionIn(name: string, output: string): VersionAnswer {
  const query = VERSION_QUERIES[name];
  if (query === undefined) return undefined;
  const version = query.pattern.exec(output)?.[1];
  return version === undefined ? { versionError: unnamedVersion({ answer: firstLine(output) }) } : { version };
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0]?.trim() ?? '';
}

/** The version of a bundled server: its package's. */
function packageVersion(packageDir: string): VersionAnswer {
  try {
    const { version } = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof version === 'string' ? { version } : { versionError: unnamedVersion({ manifest: `${packageDir}/package.json` }) };
  } catch (error) {
    return { versionError: (error as Error).message };
  }
}

function factsOf(location: Omit<ServerLocation, 'profile'>, answer: VersionAnswer): ServerFacts {
  return {
    name: location.name,
    kind: location.kind,
    ...(location.path === undefined ? {} : { path: location.path }),
    ...(location.missing === undefined ? {} : { missing: location.missing }),
    ...(location.install === undefined ? {} : { install: location.install }),
    ...(answer ?? {}),
  };
}

/** A server's facts, its version asked of the program itself (without blocking). */
export async function serverFacts(location: Omit<ServerLocation, 'profile'>, env: Env, signal?: AbortSignal): Promise<ServerFacts> {
  if (location.path === undefined) return factsOf(location, undefined);
  if (location.kind === 'bundled') return factsOf(location, packageVersion(location.packageDir ?? path.dirname(location.path)));
  const query = VERSION_QUERIES[location.name];
  if (query === undefined) return factsOf(location, undefined);
  const executable = location.path;
  const answer = await new Promise<VersionAnswer>((resolve) => {
    execFile(
      executable,
      [...query.args],
      { env: { ...env }, timeout: VERSION_TIMEOUT_MS, ...(signal === undefined ? {} : { signal }), encoding: 'utf8' },
      (error, stdout, stderr) => {
        const found = versionIn(location.name, `${stdout}\n${stderr}`);
        resolve(error === null || (found !== undefined && 'version' in found) ? found : { versionError: firstLine(error.message) });
      },
    );
  });
  return factsOf(location, answer);
}

/** The same, synchronously: for `--version`, which prints and exits. */
export function serverFactsSync(location: Omit<ServerLocation, 'profile'>, env: Env): ServerFacts {
  if (location.path === undefined) return factsOf(location, undefined);
  if (location.kind === 'bundled') return factsOf(location, packageVersion(location.packageDir ?? path.dirname(location.path)));
  const query = VERSION_QUERIES[location.name];
  if (query === undefined) return factsOf(location, undefined);
  try {
    const output = execFileSync(location.path, [...query.args], {
      env: { ...env },
      timeout: VERSION_TIMEOUT_MS,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return factsOf(location, versionIn(location.name, output));
  } catch (error) {
    return factsOf(location, { versionError: firstLine((error as Error).message) });
  }
}

/** Where the Go toolchain is, found on PATH as gopls finds it. */
export function goToolchainLocation(env: Env): Omit<ServerLocation, 'profile'> {
  const found = findExecutable(GO_TOOLCHAIN.command, env['PATH'] ?? '');
  return {
    name: GO_TOOLCHAIN.command,
    kind: 'path',
    install: GO_TOOLCHAIN.install,
    ...(found === undefined ? { missing: `${GO_TOOLCHAIN.command} is not on PATH` } : { path: found }),
  };
}

/** The built-in languages' servers (pyright, clangd, gopls), each with its version: what `--version` lists. */
export function builtinServerVersions(env: Env): { readonly language: string; readonly server: ServerFacts }[] {
  return builtinServerLocations(env).map((location) => ({
    language: location.profile.displayName,
    server: serverFactsSync(location, env),
  }));
}
