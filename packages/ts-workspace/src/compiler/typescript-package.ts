import type { TypeScriptDeclaration, TypeScriptLookup, TypeScriptPackage } from '@mcp-lsp-bridge/domain';
import type { FileStore } from '@mcp-lsp-bridge/workspace';
import path from 'node:path';

/** What the lookups read: a file store, or one that records what was read (`CompilerLookups`). */
export type ManifestReader = Pick<FileStore, 'fileExists' | 'text' | 'realpath'>;

/**
 * The `typescript` package `require('typescript')` would load from a file in `dir`: Node's
 * module lookup (`NODE_MODULES_PATHS` in the Node.js modules documentation), which is what
 * npm and Yarn hoisting, pnpm's symlinked layout and workspace links are all built for. For
 * each directory from `dir` up to the root (skipping directories that are themselves
 * `node_modules`), the first `node_modules/typescript/package.json` wins; its directory is
 * resolved through symlinks, as Node does, and its version is read from that manifest.
 * Every look goes through the file store, so an install or removal is seen on the next call.
 */
export function findTypeScript(files: ManifestReader, dir: string): TypeScriptPackage | undefined {
  for (const candidate of ancestors(dir)) {
    if (path.basename(candidate) === 'node_modules') continue;
    const manifest = path.join(candidate, 'node_modules', 'typescript', 'package.json');
    if (!files.fileExists(manifest)) continue;
    const version = manifestField(files, manifest, (json) => (typeof json['version'] === 'string' ? json['version'] : undefined));
    // A manifest without a version is no package anyone could run (Node would fail to load it): looked past.
    if (version === undefined) continue;
    return { packageDir: files.realpath(path.dirname(manifest)), version };
  }
  return undefined;
}

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies'] as const;

/** The nearest package.json from `dir` up that lists `typescript` among its dependencies of any kind. */
export function declaredTypeScript(files: ManifestReader, dir: string): TypeScriptDeclaration | undefined {
  for (const candidate of ancestors(dir)) {
    const manifest = path.join(candidate, 'package.json');
    if (!files.fileExists(manifest)) continue;
    const range = manifestField(files, manifest, (json) => {
      for (const field of DEPENDENCY_FIELDS) {
        const deps = json[field];
        if (typeof deps === 'object' && deps !== null && typeof (deps as Record<string, unknown>)['typescript'] === 'string') {
          return (deps as Record<string, string>)['typescript'];
        }
      }
      return undefined;
    });
    if (range !== undefined) return { manifest, range };
  }
  return undefined;
}

/** Both lookups, and whether a Plug'n'Play install could explain finding nothing. */
export function lookUpTypeScript(files: ManifestReader, dir: string): TypeScriptLookup {
  const found = findTypeScript(files, dir);
  const plugAndPlay = found === undefined && ancestors(dir).some((candidate) => files.fileExists(path.join(candidate, '.pnp.cjs')));
  return { found, declared: declaredTypeScript(files, dir), plugAndPlay };
}

function ancestors(dir: string): string[] {
  const out: string[] = [];
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    out.push(current);
    if (path.dirname(current) === current) return out;
  }
}

function manifestField<T>(files: ManifestReader, manifest: string, read: (json: Record<string, unknown>) => T | undefined): T | undefined {
  const text = files.text(manifest);
  if (text === undefined) return undefined;
  try {
    const json: unknown = JSON.parse(text);
    return typeof json === 'object' && json !== null ? read(json as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
