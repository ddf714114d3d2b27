/** A `typescript` package on disk. */
export interface TypeScriptPackage {
  /** The package directory, symlinks resolved (pnpm's `.pnpm` store, a Yarn or npm link). */
  readonly packageDir: string;
  readonly version: string;
}

/** A `package.json` that asks for `typescript`. */
export interface TypeScriptDeclaration {
  readonly manifest: string;
  /** The version range it asks for, as written. */
  readonly range: string;
}

/** What a directory's code gets when it imports `typescript`, and what its manifests ask for. */
export interface TypeScriptLookup {
  readonly found: TypeScriptPackage | undefined;
  /** The nearest package.json declaring `typescript`, looked for whether or not one was found. */
  readonly declared: TypeScriptDeclaration | undefined;
  /** A Yarn Plug'n'Play install (`.pnp.cjs`) above the directory: packages without `node_modules`. */
  readonly plugAndPlay: boolean;
}

/**
 * How a TypeScript version is run: `js` is a release with the JavaScript API (5.x, 6.x), run
 * in process; `native` is TypeScript 7 and later, the Go compiler, run as `tsc --lsp --stdio`.
 */
export type CompilerRuntime = 'js' | 'native';

/** A compiler the bridge ships with (a pinned dependency). */
export interface BundledCompiler {
  readonly version: string;
  /** The package directory. */
  readonly packageDir: string;
}

/** The compiler that answers for a project, and why when it is not the project's own. */
export interface CompilerChoice {
  readonly runtime: CompilerRuntime;
  readonly source: 'workspace' | 'bundled';
  readonly version: string;
  /** The package directory (real path). */
  readonly packageDir: string;
  /** Why the project's own compiler is not the one answering, when it has or asks for one. */
  readonly note?: string;
}

/** What a backend can run and what it falls back to. */
export interface CompilerPolicy {
  /** `bundled` (LSP_BRIDGE_TYPESCRIPT=bundled): never the project's own. */
  readonly typescript: 'workspace' | 'bundled';
  /** The runtimes the backend can run a project's own compiler with (none: always bundled). */
  readonly runtimes: readonly CompilerRuntime[];
  /** The bundled compilers the backend has. */
  readonly bundled: Readonly<Partial<Record<CompilerRuntime, BundledCompiler>>>;
  /** Which bundled compiler answers a project without a usable compiler of its own. */
  readonly fallback: CompilerRuntime;
  /** The backend as the user chose it, for notes (`LSP_BRIDGE_BACKEND=tsservice`). */
  readonly backendLabel: string;
}

/**
 * The oldest `typescript` run in process. 5.0 is the first release of the module layout the
 * in-process backend drives (the one `ts.createLanguageService` and the host hooks it uses
 * have kept since), and the oldest one the test suite runs; older projects get the bundled
 * compiler and a note saying so.
 */
export const OLDEST_JS_VERSION = '5.0.0';
/** The first native (Go) TypeScript: no JavaScript API, a language server instead. */
export const FIRST_NATIVE_MAJOR = 7;

/** The runtime a version needs, or `undefined` for one older than OLDEST_JS_VERSION (or unreadable). */
export function runtimeOf(version: string): CompilerRuntime | undefined {
  const parsed = parseVersion(version);
  if (parsed === undefined) return undefined;
  if (parsed.major >= FIRST_NATIVE_MAJOR) return 'native';
  return compareVersions(parsed, parseVersion(OLDEST_JS_VERSION) as Version) >= 0 ? 'js' : undefined;
}

/**
 * The one rule for which compiler answers a project: its own `typescript` (as `lookup` found
 * it from the project's directory) when the backend can run that version, else the bundled
 * fallback with a note saying why. A project without any `typescript` gets the fallback
 * silently unless its package.json asks for one that is not installed.
 */
export function chooseCompiler(lookup: TypeScriptLookup, policy: CompilerPolicy): CompilerChoice {
  const bundled = (note?: string): CompilerChoice => bundledChoice(policy, note);
  const { found, declared } = lookup;
  if (found === undefined) {
    if (declared === undefined) return bundled();
    const pnp = lookup.plugAndPlay ? " (a Yarn Plug'n'Play install has no node_modules; the bridge reads node_modules only)" : '';
    return bundled(
      `${declared.manifest} asks for typescript ${declared.range}, but it is not installed${pnp}; run the package manager's install to use it`,
    );
  }
  const own = `the project's typescript ${found.version} (${found.packageDir})`;
  if (policy.typescript === 'bundled') return bundled(`LSP_BRIDGE_TYPESCRIPT=bundled: ${own} is not used`);
  const runtime = runtimeOf(found.version);
  if (runtime === undefined) return bundled(`${own} is older than ${OLDEST_JS_VERSION}, the oldest the bridge runs`);
  if (!policy.runtimes.includes(runtime)) {
    // The bundled compiler is that very version: its answers are the project's own.
    if (policy.bundled[policy.fallback]?.version === found.version) return bundled();
    const why = runtime === 'native' ? 'TypeScript 7 and later have no in-process API' : 'it runs only its own pinned compiler';
    return bundled(`${policy.backendLabel} cannot run ${own}: ${why}; LSP_BRIDGE_BACKEND=auto runs it`);
  }
  return { runtime, source: 'workspace', version: found.version, packageDir: found.packageDir };
}

function bundledChoice(policy: CompilerPolicy, note: string | undefined): CompilerChoice {
  const fallback = policy.bundled[policy.fallback];
  if (fallback === undefined) throw new Error(`The bundled ${policy.fallback} compiler is not configured`);
  return {
    runtime: policy.fallback,
    source: 'bundled',
    version: fallback.version,
    packageDir: fallback.packageDir,
    ...(note === undefined ? {} : { note: `${note}; the bundled TypeScript ${fallback.version} answered` }),
  };
}

/** Two choices are the same compiler (the same package, run the same way). */
export function sameCompiler(a: CompilerChoice, b: CompilerChoice): boolean {
  return a.runtime === b.runtime && a.packageDir === b.packageDir && a.version === b.version;
}

interface Version {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
}

function parseVersion(version: string): Version | undefined {
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(version.trim());
  if (match === null) return undefined;
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]) };
}

function compareVersions(a: Version, b: Version): number {
  return a.major - b.major || a.minor - b.minor || a.patch - b.patch;
}
