// Builds dist/ of the published package from the workspace packages' builds: the two bins,
// the background server both start, and the library in one esbuild pass (shared code in chunks),
// then one dist/index.d.ts (tsc for the entry, API Extractor to inline the workspace types).
// Third-party packages stay imports: they are the package's dependencies, except those of BUNDLED.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const dependencies = [...Object.keys(manifest.dependencies), ...Object.keys(manifest.optionalDependencies ?? {})];
const WORKSPACE_SCOPE = '@mcp-lsp-bridge/';
/**
 * Third-party packages bundled rather than imported (devDependencies, so never installed): Node's
 * ES module loader pays per module (resolve, link, evaluate), and these are hundreds. inversify 8
 * is 245 modules (`@inversifyjs/*`), loaded on the first call (the container is made then):
 * 110-118 ms of CPU, 4-5 ms as one chunk. The MCP SDK and zod (with the SDK's own dependencies:
 * ajv, zod-to-json-schema) are 170 more, loaded before the server answers `initialize`: 125 ms,
 * about 55 ms bundled. Only our code uses them, and none is in the library's types.
 */
const BUNDLED = ['inversify', '@modelcontextprotocol/sdk', 'zod'];
for (const name of BUNDLED) {
  if (dependencies.includes(name)) throw new Error(`${name} is bundled: it belongs in devDependencies, not dependencies`);
}

/** A built file of a workspace package (its `dist/`, which the package's own build wrote). */
const workspaceFile = (name, file) => join(root, 'node_modules', WORKSPACE_SCOPE + name, file);

rmSync(dist, { recursive: true, force: true });
rmSync(join(root, 'build'), { recursive: true, force: true });

const { metafile } = await build({
  entryPoints: {
    'mcp-lsp-bridge': workspaceFile('mcp-app', 'dist/main.js'),
    'lsp-bridge': workspaceFile('cli-app', 'dist/main.js'),
    // Both bins spawn the background server as `./daemon-main.js` beside the module that
    // starts it (bridge/src/daemon/daemon-paths.ts), so every output (entries and chunks)
    // sits flat in dist/.
    'daemon-main': workspaceFile('bridge', 'dist/daemon/daemon-main.js'),
    index: join(root, 'src/index.ts'),
  },
  outdir: dist,
  chunkNames: 'chunk-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  external: dependencies,
  metafile: true,
  logLevel: 'warning',
  plugins: [commandsInOneChunk()],
});
checkImports(metafile);
writeNotices(metafile);
buildDeclarations();

/**
 * cli-app's commands/index.js imports each operation's command by its name (`./${stem}.js`),
 * and every command line loads them all: bundled as static imports they share the entry's
 * chunks, instead of one chunk each (`lsp-bridge --help` read 57 files instead of 29, ~10 ms).
 * The MCP server's tools stay one chunk each: a server loads only those it offers.
 */
function commandsInOneChunk() {
  const loader = /import\(\/\* @vite-ignore \*\/ `\.\/\$\{stem\}\.js`\)/;
  return {
    name: 'commands-in-one-chunk',
    setup(build) {
      build.onLoad({ filter: /[\\/]cli-app[\\/]dist[\\/]commands[\\/]index\.js$/ }, ({ path }) => {
        const source = readFileSync(path, 'utf8');
        if (!loader.test(source)) throw new Error(`${path} no longer imports each command as ./\${stem}.js: update commandsInOneChunk`);
        const files = readdirSync(dirname(path)).filter((file) => file.endsWith('.js') && file !== 'index.js');
        const contents = [
          ...files.map((file, i) => `import * as command${i} from './${file}';`),
          `const COMMAND_FILES = { ${files.map((file, i) => `'./${file}': command${i}`).join(', ')} };`,
          source.replace(
            loader,
            'Promise.resolve(COMMAND_FILES[`./${stem}.js`] ?? Promise.reject(new Error(`./${stem}.js is not in the bundle`)))',
          ),
        ].join('\n');
        return { contents, loader: 'js', resolveDir: dirname(path) };
      });
    },
  };
}

/** Every import left in the output is a Node builtin or a declared dependency: `npm install` brings nothing else. */
function checkImports({ outputs }) {
  const builtins = new Set(builtinModules);
  const declared = (path) => dependencies.some((name) => path === name || path.startsWith(`${name}/`));
  const stray = Object.entries(outputs).flatMap(([file, output]) =>
    output.imports
      .filter((entry) => entry.external && !entry.path.startsWith('node:') && !builtins.has(entry.path) && !declared(entry.path))
      .map((entry) => `${file} imports ${entry.path}`),
  );
  if (stray.length > 0) throw new Error(`The bundle imports packages it does not declare:\n${stray.join('\n')}`);
}

/** The licences of the third-party packages the bundle holds (BUNDLED and what they import), in dist/THIRD-PARTY-NOTICES.txt. */
function writeNotices({ inputs }) {
  const packageDirs = new Set(
    Object.keys(inputs).flatMap((file) => {
      const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(file.replaceAll('\\', '/'));
      return match ? [join(process.cwd(), match[1])] : [];
    }),
  );
  const packages = [...packageDirs].sort().map((dir) => ({ dir, ...JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) }));
  const notices = packages
    .filter(({ name }) => !name.startsWith(WORKSPACE_SCOPE))
    .map(({ dir, name, version, license }) => {
      // The licence, and the notices an Apache-2.0 package asks to be kept with it.
      const files = readdirSync(dir)
        .filter((entry) => /^(licen[cs]e|notice|copyrightnotice)/i.test(entry))
        .sort();
      if (!files.some((file) => /^licen[cs]e/i.test(file))) throw new Error(`${name} is bundled but has no licence file`);
      const texts = files.map((file) => readFileSync(join(dir, file), 'utf8').trim());
      return `${name} ${version} (${license})\n\n${texts.join('\n\n')}\n`;
    });
  const header = 'Third-party packages bundled in these files, each with its licence.\n\n---\n\n';
  if (notices.length > 0) writeFileSync(join(dist, 'THIRD-PARTY-NOTICES.txt'), header + notices.join('\n---\n\n'));
}

/** Every workspace package's name: API Extractor matches wildcards only against our own dependencies. */
function workspacePackages() {
  const packages = join(root, '..');
  return readdirSync(packages)
    .map((dir) => join(packages, dir, 'package.json'))
    .filter((file) => existsSync(file))
    .map((file) => JSON.parse(readFileSync(file, 'utf8')).name)
    .filter((name) => name.startsWith(WORKSPACE_SCOPE));
}

function buildDeclarations() {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.lib.json')], { stdio: 'inherit' });
  const config = ExtractorConfig.prepare({
    configObject: {
      projectFolder: root,
      mainEntryPointFilePath: '<projectFolder>/build/types/index.d.ts',
      bundledPackages: workspacePackages(),
      compiler: { tsconfigFilePath: '<projectFolder>/tsconfig.lib.json' },
      apiReport: { enabled: false },
      docModel: { enabled: false },
      tsdocMetadata: { enabled: false },
      dtsRollup: { enabled: true, untrimmedFilePath: '<projectFolder>/dist/index.d.ts' },
      messages: {
        // Release tags and TSDoc syntax are API Extractor's own conventions, not ours; a type
        // reachable from the API but not exported by name (LspConfig) is still emitted.
        extractorMessageReporting: {
          default: { logLevel: 'warning' },
          'ae-missing-release-tag': { logLevel: 'none' },
          'ae-forgotten-export': { logLevel: 'none' },
        },
        tsdocMessageReporting: { default: { logLevel: 'none' } },
      },
    },
    configObjectFullPath: join(root, 'api-extractor.json'),
    packageJsonFullPath: join(root, 'package.json'),
  });
  const result = Extractor.invoke(config, { localBuild: true, showVerboseMessages: false });
  if (!result.succeeded || result.warningCount > 0) {
    throw new Error(`API Extractor: ${result.errorCount} errors, ${result.warningCount} warnings`);
  }
  // The per-file declarations were only the rollup's input.
  rmSync(join(root, 'build'), { recursive: true, force: true });
  const rollup = readFileSync(join(dist, 'index.d.ts'), 'utf8');
  if (rollup.includes(WORKSPACE_SCOPE)) throw new Error(`${relative(root, dist)}/index.d.ts still refers to ${WORKSPACE_SCOPE}*`);
}
