import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { goModRequirements, moduleCachePath, type GoFacts, type ServerFacts } from '@mcp-lsp-bridge/domain';

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
      : goModRequirements(readFileSync(rootModule, 'utf8')).filter((req) => !existsSync(path.join(cache, moduleCachePath(req))));
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
