import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { generateMonorepo, MONO_PACKAGES } from './mono.js';
import { generateSynth } from './synth.js';

export interface Corpus {
  readonly name: string;
  /** The workspace root given to the server; holds `tsconfig.json`. */
  readonly root: string;
  readonly tsconfig: string;
  readonly description: string;
  /** Whether project-wide diagnostics are measured (not on the 20,000-file monorepo: they would take most of the bench's time). */
  readonly diagnostics: boolean;
}

export const CORPUS_NAMES = ['rxjs', 'effect', 'synth-1000', 'synth-5000', 'mono-1000', 'mono-20000'] as const;
export type CorpusName = (typeof CORPUS_NAMES)[number];

export const SYNTH_SEED = 20240613;

// TypeScript 7 removed `baseUrl`, `moduleResolution: node` and ES5 targets: the configs use
// only options every system here accepts, so they all compile the same program.
const RXJS_TSCONFIG = {
  compilerOptions: {
    strict: true,
    noImplicitReturns: true,
    noEmit: true,
    target: 'es2022',
    module: 'esnext',
    moduleResolution: 'bundler',
    lib: ['esnext', 'dom'],
    types: [],
    skipLibCheck: true,
    paths: {
      rxjs: ['./src/index.ts'],
      'rxjs/operators': ['./src/operators/index.ts'],
      'rxjs/testing': ['./src/testing/index.ts'],
      'rxjs/ajax': ['./src/ajax/index.ts'],
      'rxjs/webSocket': ['./src/webSocket/index.ts'],
      'rxjs/fetch': ['./src/fetch/index.ts'],
      'rxjs/internal/*': ['./src/internal/*'],
    },
  },
  include: ['src/**/*.ts'],
};

const EFFECT_TSCONFIG = {
  compilerOptions: {
    strict: true,
    exactOptionalPropertyTypes: true,
    noEmit: true,
    target: 'es2022',
    module: 'esnext',
    moduleResolution: 'bundler',
    lib: ['es2022', 'dom', 'dom.iterable'],
    types: [],
    skipLibCheck: true,
  },
  include: ['src/**/*.ts'],
};

const SYNTH_TSCONFIG = {
  compilerOptions: {
    strict: true,
    noEmit: true,
    target: 'es2022',
    module: 'esnext',
    moduleResolution: 'bundler',
    lib: ['es2022'],
    types: [],
    skipLibCheck: true,
  },
  include: ['src/**/*.ts'],
};

/** Installs (or reuses) a corpus under `cacheDir` and returns where it is. */
export function prepareCorpus(name: CorpusName, cacheDir: string): Corpus {
  mkdirSync(cacheDir, { recursive: true });
  switch (name) {
    case 'rxjs':
      return fromNpm(cacheDir, 'rxjs', '7.8.2', RXJS_TSCONFIG, 'rxjs@7.8.2 src/ (the TypeScript sources shipped in the npm package)');
    case 'effect':
      return fromNpm(cacheDir, 'effect', '4.1.0', EFFECT_TSCONFIG, 'effect@4.1.0 src/ (the TypeScript sources shipped in the npm package)');
    case 'synth-1000':
      return synth(cacheDir, 1000);
    case 'synth-5000':
      return synth(cacheDir, 5000);
    case 'mono-1000':
      return monorepo(cacheDir, 1000);
    case 'mono-20000':
      return monorepo(cacheDir, 20_000);
  }
}

function fromNpm(cacheDir: string, pkg: string, version: string, tsconfig: object, description: string): Corpus {
  const root = join(cacheDir, `${pkg}-${version}`);
  const tsconfigPath = join(root, 'tsconfig.json');
  if (!existsSync(join(root, '.complete'))) {
    rmSync(root, { recursive: true, force: true });
    const tmp = join(cacheDir, `.pack-${pkg}`);
    rmSync(tmp, { recursive: true, force: true });
    mkdirSync(tmp, { recursive: true });
    // `npm pack` fetches the published tarball as is (no install scripts, no dependencies).
    const out = execFileSync('npm', ['pack', `${pkg}@${version}`, '--silent', '--pack-destination', tmp], { cwd: tmp, encoding: 'utf8' });
    const tarball = join(tmp, out.trim().split('\n').pop() ?? '');
    execFileSync('tar', ['xzf', tarball, '-C', tmp]);
    mkdirSync(root, { recursive: true });
    // Only the TypeScript sources: the package's own tsconfigs extend files it does not ship.
    cpSync(join(tmp, 'package', 'src'), join(root, 'src'), {
      recursive: true,
      filter: (source) => !/tsconfig[^/]*\.json$/.test(source) && !source.endsWith('.js'),
    });
    writeFileSync(tsconfigPath, `${JSON.stringify(tsconfig, null, 2)}\n`);
    rmSync(tmp, { recursive: true, force: true });
    writeFileSync(join(root, '.complete'), `${pkg}@${version}\n`);
  }
  return { name: pkg, root, tsconfig: tsconfigPath, description, diagnostics: true };
}

function synth(cacheDir: string, count: number): Corpus {
  const root = join(cacheDir, `synth-${count}-${SYNTH_SEED}`);
  const tsconfigPath = join(root, 'tsconfig.json');
  if (!existsSync(join(root, '.complete'))) {
    rmSync(root, { recursive: true, force: true });
    for (const [rel, text] of generateSynth(count, SYNTH_SEED)) {
      const file = join(root, rel);
      mkdirSync(join(file, '..'), { recursive: true });
      writeFileSync(file, text);
    }
    writeFileSync(tsconfigPath, `${JSON.stringify(SYNTH_TSCONFIG, null, 2)}\n`);
    writeFileSync(join(root, '.complete'), `synth ${count} seed ${SYNTH_SEED}\n`);
  }
  return {
    name: `synth-${count}`,
    root,
    tsconfig: tsconfigPath,
    description: `synthetic, ${count} files + core (seed ${SYNTH_SEED})`,
    diagnostics: true,
  };
}

const MONO_TSCONFIG = { ...SYNTH_TSCONFIG, include: ['packages/*/src/**/*.ts'] };

function monorepo(cacheDir: string, count: number): Corpus {
  const root = join(cacheDir, `mono-${count}-${SYNTH_SEED}`);
  const tsconfigPath = join(root, 'tsconfig.json');
  if (!existsSync(join(root, '.complete'))) {
    rmSync(root, { recursive: true, force: true });
    for (const [rel, entry] of generateMonorepo(count, SYNTH_SEED)) {
      const file = join(root, rel);
      mkdirSync(dirname(file), { recursive: true });
      if ('link' in entry) symlinkSync(entry.link, file);
      else writeFileSync(file, entry.text);
    }
    writeFileSync(tsconfigPath, `${JSON.stringify(MONO_TSCONFIG, null, 2)}\n`);
    writeFileSync(join(root, '.complete'), `mono ${count} seed ${SYNTH_SEED}\n`);
  }
  return {
    name: `mono-${count}`,
    root,
    tsconfig: tsconfigPath,
    description: `synthetic monorepo, ${count} files in ${MONO_PACKAGES} packages linked as workspace dependencies (seed ${SYNTH_SEED})`,
    diagnostics: count <= 5000,
  };
}

/** A scratch copy for renames, which write to disk; links are copied as they are (relative), so none leads back into the corpus. */
export function scratchCopy(corpus: Corpus, dest: string): string {
  rmSync(dest, { recursive: true, force: true });
  cpSync(corpus.root, dest, { recursive: true, verbatimSymlinks: true });
  return dest;
}

/** The TypeScript sources of a corpus: every `.ts` file under its root, dependencies and dot-directories aside. */
export function listSources(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && entry.name.endsWith('.ts')) out.push(path);
    }
  };
  walk(root);
  return out.sort();
}
