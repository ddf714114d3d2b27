import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { GoFacts, ServerFacts } from '@mcp-lsp-bridge/domain';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The Go module gopls answers the workspace by (`go.work`, else `go.mod`, in the root or a
 * directory above it, as the go command finds it), the modules below the root when there is
 * none, and which modules the root's go.mod requires that the module cache does not hold:
 * those the go command downloads before gopls can answer.
 */
export async function goFacts(root: string, goModFiles: readonly string[], toolchain: ServerFacts, env: Env): Promise<GoFacts> {
  const module = enclosing(root, 'go.work') ?? enclosing(root, 'go.mod');
  const nested = module === undefined ? goModFiles.map((file) => path.relative(root, file)).sort() : [];
  const rootModule = path.join(root, 'go.mod');
  const cache = toolchain.path === undefined || !existsSync(rootModule) ? undefined : await moduleCache(toolchain.path, env);
  const missing =
    cache === undefined
      ? []
      : requirements(readFileSync(rootModule, 'utf8')).filter((req) => !existsSync(path.join(cache, cachePath(req))));
  return {
    ...(module === undefined ? {} : { module: path.relative(root, module) }),
    nestedModules: nested,
    missingRequirements: missing.map((req) => `${req.path}@${req.version}`),
    toolchain,
  };
}

function enclosing(dir: string, name: string): string | undefined {
  for (let current = dir; ; current = path.dirname(current)) {
    const candidate = path.join(current, name);
    if (existsSync(candidate)) return candidate;
    if (path.dirname(current) === current) return undefined;
  }
}

/** `go env GOMODCACHE`: where the go command keeps downloaded modules. */
function moduleCache(go: string, env: Env): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(go, ['env', 'GOMODCACHE'], { env: { ...env }, timeout: 10_000, encoding: 'utf8' }, (error, stdout) => {
      const dir = stdout.trim();
      resolve(error === null && dir !== '' ? dir : undefined);
    });
  });
}

interface Requirement {
  readonly path: string;
  readonly version: string;
}

/**
 * The `require` directives of a go.mod (one-line and blocks), less the modules a `replace`
 * directive points at a local directory: those are never downloaded.
 */
export function requirements(goMod: string): Requirement[] {
  const lines = goMod.split('\n').map((line) => line.replace(/\/\/.*$/, '').trim());
  const found: Requirement[] = [];
  const replacedLocally = new Set<string>();
  let block: string | undefined;
  for (const line of lines) {
    if (block !== undefined) {
      if (line === ')') block = undefined;
      else directive(block, line);
      continue;
    }
    const opened = /^(require|replace)\s*\($/.exec(line);
    if (opened !== null) block = opened[1];
    else {
      const single = /^(require|replace)\s+(.+)$/.exec(line);
      if (single !== null) directive(single[1] ?? '', single[2] ?? '');
    }
  }
  return found.filter((req) => !replacedLocally.has(req.path));

  function directive(kind: string, text: string): void {
    if (kind === 'require') {
      const [modulePath, version] = text.split(/\s+/);
      if (modulePath !== undefined && version !== undefined) found.push({ path: modulePath, version });
    } else if (kind === 'replace') {
      const [from, to] = text.split('=>').map((side) => side.trim());
      if (from !== undefined && to !== undefined && /^\.{1,2}\//.test(to)) replacedLocally.add(from.split(/\s+/)[0] ?? from);
    }
  }
}

/** A module's directory in the module cache: upper-case letters escaped as `!` + lower case (the go command's rule). */
function cachePath(req: Requirement): string {
  const escape = (text: string): string => text.replace(/[A-Z]/g, (letter) => `!${letter.toLowerCase()}`);
  return `${escape(req.path)}@${escape(req.version)}`;
}
