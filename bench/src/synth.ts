import { Rng } from './rng.js';

/**
 * A synthetic project of `count` files: a shared core used everywhere, and per file an
 * interface, a class implementing an interface of an imported file, a type, a const and a
 * function calling functions of imported files. Each interface has only a few implementers
 * (no chains of implements), so reference searches stay realistic rather than pathological.
 */
export function generateSynth(count: number, seed: number): Map<string, string> {
  const rng = new Rng(seed);
  const files = new Map<string, string>();
  const pathOf = (i: number): string => `src/m${Math.floor(i / 100)}/f${i}.ts`;
  files.set(
    'src/core.ts',
    [
      'export function log(message: string): void {',
      '  if (message.length > 1_000_000) throw new Error(message);',
      '}',
      '',
      'export abstract class Base {',
      '  abstract describe(): string;',
      '  tag(): string {',
      '    return `[${this.describe()}]`;',
      '  }',
      '}',
      '',
      'export type Id = number & { readonly __id?: never };',
      '',
    ].join('\n'),
  );
  for (let i = 0; i < count; i++) {
    const deps = new Set<number>();
    const want = i === 0 ? 0 : Math.min(i, 1 + rng.int(3));
    while (deps.size < want) deps.add(rng.int(i));
    const depList = [...deps].sort((a, b) => a - b);
    const dir = `m${Math.floor(i / 100)}`;
    const lines: string[] = [`import { Base, log, type Id } from '../core.js';`];
    for (const j of depList) {
      const rel = `m${Math.floor(j / 100)}` === dir ? `./f${j}.js` : `../m${Math.floor(j / 100)}/f${j}.js`;
      lines.push(`import { f${j}, C${j}, K${j}, type I${j}, type T${j} } from '${rel}';`);
    }
    const first = depList[0];
    lines.push(
      '',
      `export interface I${i} {`,
      '  run(x: number): number;',
      '  readonly label: string;',
      '}',
      '',
      `export type T${i} = { id: Id; value: number; owner: I${i} };`,
      '',
      `export const K${i} = ${rng.int(1000)};`,
      '',
      `export class C${i} extends Base${first === undefined ? '' : ` implements I${first}`} {`,
      `  readonly label = 'C${i}';`,
      '  run(x: number): number {',
      `    log('C${i}.run');`,
      `    return ${depList.map((j) => `f${j}(x)`).join(' + ') || 'x'} + K${i};`,
      '  }',
      '  describe(): string {',
      `    return this.label + String(this.run(K${i}));`,
      '  }',
      '}',
      '',
      `export function f${i}(x: number): number {`,
      `  log('f${i}');`,
    );
    for (const j of depList) {
      lines.push(`  const t${j}: T${j} | undefined = undefined;`);
      lines.push(`  const c${j}: I${j} = new C${j}();`);
      lines.push(`  x += c${j}.run(K${j}) + (t${j} === undefined ? 0 : 1);`);
    }
    lines.push('  return x;', '}', '');
    files.set(pathOf(i), lines.join('\n'));
  }
  return files;
}
