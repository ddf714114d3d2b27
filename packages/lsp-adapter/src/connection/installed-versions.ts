import { createRequire } from 'node:module';
import path from 'node:path';

// Resolved from this module, like the servers themselves (languages/server-command.ts): the versions
// printed are those of the packages this install would run.
const require = createRequire(import.meta.url);

/** The TypeScript packages the backends run, for `--version`. `undefined`: not installed. */
export interface InstalledVersions {
  /** The `typescript` of the tsservice backend and of typescript-language-server's tsserver. */
  readonly typescript: string | undefined;
  readonly typescriptLanguageServer: string | undefined;
  /** TypeScript 7's native compiler (`typescript-7`), an optional dependency. */
  readonly typescriptNative: string | undefined;
}

export function installedVersions(): InstalledVersions {
  return {
    typescript: manifestOf('typescript')?.version,
    typescriptLanguageServer: manifestOf('typescript-language-server')?.version,
    typescriptNative: manifestOf('typescript-7')?.version,
  };
}

/** A compiler this install ships: its version and package directory. */
export interface ShippedCompiler {
  readonly version: string;
  readonly packageDir: string;
}

/** The pinned `typescript` whose tsserver typescript-language-server runs. */
export function shippedTsserver(): ShippedCompiler | undefined {
  return manifestOf('typescript');
}

/** TypeScript 7's native compiler (`typescript-7`), when the optional dependency is installed. */
export function shippedNative(): ShippedCompiler | undefined {
  return manifestOf('typescript-7');
}

function manifestOf(packageName: string): ShippedCompiler | undefined {
  try {
    const file = require.resolve(`${packageName}/package.json`);
    const manifest = require(file) as { version?: unknown };
    return typeof manifest.version === 'string' ? { version: manifest.version, packageDir: path.dirname(file) } : undefined;
  } catch {
    return undefined;
  }
}
