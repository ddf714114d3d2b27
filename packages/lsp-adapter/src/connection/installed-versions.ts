import { createRequire } from 'node:module';

// Resolved from this module, like the servers themselves (server-spec.ts): the versions
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
    typescript: versionOf('typescript'),
    typescriptLanguageServer: versionOf('typescript-language-server'),
    typescriptNative: versionOf('typescript-7'),
  };
}

function versionOf(packageName: string): string | undefined {
  try {
    const manifest = require(`${packageName}/package.json`) as { version?: unknown };
    return typeof manifest.version === 'string' ? manifest.version : undefined;
  } catch {
    return undefined;
  }
}
