import { Rng } from './rng.js';

/** A file of the generated tree: a text, or a symbolic link to a path relative to the link. */
export type MonoEntry = { readonly text: string } | { readonly link: string };

export const MONO_PACKAGES = 100;

/**
 * A synthetic monorepo of `count` files in 100 packages (`packages/p<k>`), which import each
 * other through workspace dependencies: each package is `@mono/p<k>`, linked from the hoisted
 * `node_modules/@mono/` as npm, Yarn and pnpm workspaces link them, with a `package.json`
 * whose `types` is its `src/index.ts`, a barrel re-exporting every module. No project
 * references: one root tsconfig includes every package's sources, and module resolution goes
 * through the links. Per file: an interface, a type, a const, a class implementing an
 * imported interface and a function calling imported functions, each import either a module
 * of the same package (relative) or a package it depends on (a few of the lower-numbered).
 */
export function generateMonorepo(count: number, seed: number): Map<string, MonoEntry> {
  const rng = new Rng(seed);
  const perPackage = Math.ceil(count / MONO_PACKAGES);
  const files = new Map<string, MonoEntry>();
  const packageOf = (g: number): number => Math.floor(g / perPackage);
  const moduleOf = (g: number): string => {
    const local = g % perPackage;
    return `m${Math.floor(local / 20)}/f${g}`;
  };
  const dependencies: number[][] = [];
  for (let k = 0; k < MONO_PACKAGES; k++) {
    const deps = new Set<number>();
    const want = Math.min(k, 1 + rng.int(3));
    while (deps.size < want) deps.add(rng.int(k));
    dependencies.push([...deps].sort((a, b) => a - b));
  }
  files.set('package.json', { text: `${JSON.stringify({ name: 'mono', private: true, workspaces: ['packages/*'] }, null, 2)}\n` });
  for (let k = 0; k < MONO_PACKAGES; k++) {
    const first = k * perPackage;
    const last = Math.min(count, first + perPackage);
    if (first >= last) break;
    const deps = dependencies[k] ?? [];
    files.set(`packages/p${k}/package.json`, {
      text: `${JSON.stringify(
        {
          name: `@mono/p${k}`,
          version: '1.0.0',
          type: 'module',
          types: './src/index.ts',
          exports: { '.': './src/index.ts' },
          dependencies: Object.fromEntries(deps.map((d) => [`@mono/p${d}`, 'workspace:*'])),
        },
        null,
        2,
      )}\n`,
    });
    files.set(`node_modules/@mono/p${k}`, { link: `../../packages/p${k}` });
    const barrel: string[] = [];
    for (let g = first; g < last; g++) {
      barrel.push(`export * from './${moduleOf(g)}.js';`);
      files.set(`packages/p${k}/src/${moduleOf(g)}.ts`, { text: moduleText(rng, g, first, deps, perPackage, moduleOf, packageOf) });
    }
    files.set(`packages/p${k}/src/index.ts`, { text: `${barrel.join('\n')}\n` });
  }
  return files;
}

function moduleText(
  rng: Rng,
  g: number,
  first: number,
  deps: readonly number[],
  perPackage: number,
  moduleOf: (g: number) => string,
  packageOf: (g: number) => number,
): string {
  const imports = new Map<string, number[]>();
  const used = new Set<number>();
  const want = 1 + rng.int(3);
  for (let attempt = 0; used.size < want && attempt < 10; attempt++) {
    // Half from the package itself (a lower module), half from a dependency.
    const fromDep = deps.length > 0 && (g === first || rng.next() < 0.5);
    let target: number;
    if (fromDep) {
      const dep = deps[rng.int(deps.length)] as number;
      target = dep * perPackage + rng.int(perPackage);
    } else if (g > first) {
      target = first + rng.int(g - first);
    } else {
      continue;
    }
    if (used.has(target)) continue;
    used.add(target);
    const specifier = packageOf(target) === packageOf(g) ? relativeSpecifier(moduleOf(g), moduleOf(target)) : `@mono/p${packageOf(target)}`;
    imports.set(specifier, [...(imports.get(specifier) ?? []), target]);
  }
  const targets = [...used].sort((a, b) => a - b);
  const lines: string[] = [];
  for (const [specifier, names] of imports) {
    lines.push(`import { ${names.map((j) => `f${j}, C${j}, K${j}, type I${j}, type T${j}`).join(', ')} } from '${specifier}';`);
  }
  const implemented = targets[0];
  lines.push(
    '',
    `export interface I${g} {`,
    '  run(x: number): number;',
    '  readonly label: string;',
    '}',
    '',
    `export type T${g} = { value: number; owner: I${g} };`,
    '',
    `export const K${g} = ${rng.int(1000)};`,
    '',
    `export class C${g}${implemented === undefined ? '' : ` implements I${implemented}`} {`,
    `  readonly label = 'C${g}';`,
    '  run(x: number): number {',
    `    return ${targets.map((j) => `f${j}(x)`).join(' + ') || 'x'} + K${g};`,
    '  }',
    '}',
    '',
    `export function f${g}(x: number): number {`,
  );
  for (const j of targets) {
    lines.push(`  const t${j}: T${j} | undefined = undefined;`);
    lines.push(`  const c${j}: I${j} = new C${j}();`);
    lines.push(`  x += c${j}.run(K${j}) + (t${j} === undefined ? 0 : 1);`);
  }
  lines.push('  return x;', '}', '');
  return lines.join('\n');
}

function relativeSpecifier(from: string, to: string): string {
  const fromDir = from.split('/').slice(0, -1);
  const toParts = to.split('/');
  const toDir = toParts.slice(0, -1);
  const name = toParts[toParts.length - 1] ?? '';
  if (fromDir.join('/') === toDir.join('/')) return `./${name}.js`;
  return `../${toDir.join('/')}/${name}.js`;
}
