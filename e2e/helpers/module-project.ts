import { OUTSIDE_LINE } from './outside-writer.js';
import { copyFixture, type Workspace } from './workspace.js';

/**
 * A module of functions `fn1`…`fnN` (`src/mod.ts`) that every consumer (`src/c01.ts`, …) imports
 * and calls: renaming one function rewrites the module and every consumer (1 + 2 × consumers
 * changes), so any two writes of the project touch the same files. The test keeps what each
 * function is called and returns; `inspect` reads the files back against that.
 */
export class ModuleProject implements AsyncDisposable {
  /** The name each function has now, by index. */
  readonly names: string[];
  /** Every name each function has had (what a file may spell where the bridge's answer did not reach). */
  readonly history: Set<string>[];
  /** What each function returns now (`n + 1`). */
  readonly bodies: string[];
  readonly consumers: readonly string[];

  private constructor(
    readonly ws: Workspace,
    functions: number,
    consumers: number,
  ) {
    this.names = Array.from({ length: functions }, (_, k) => `fn${k + 1}`);
    this.history = this.names.map((name) => new Set([name]));
    this.bodies = this.names.map((_, k) => `n + ${k + 1}`);
    this.consumers = Array.from({ length: consumers }, (_, i) => `src/c${String(i + 1).padStart(2, '0')}.ts`);
  }

  /** A copy of the `write-safety` fixture with the module and its consumers written in. */
  static async create(functions: number, consumers: number): Promise<ModuleProject> {
    const project = new ModuleProject(await copyFixture('write-safety'), functions, consumers);
    await project.ws.write('src/mod.ts', project.moduleText());
    for (const [index, file] of project.consumers.entries()) await project.ws.write(file, project.consumerText(index));
    return project;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.ws[Symbol.asyncDispose]();
  }

  /** The files one rename rewrites: the module and every consumer. */
  get files(): string[] {
    return ['src/mod.ts', ...this.consumers];
  }

  /** How many places a rename of one function changes. */
  get usesPerFunction(): number {
    return 1 + 2 * this.consumers.length;
  }

  renamed(index: number, newName: string): void {
    this.names[index] = newName;
    this.history[index]?.add(newName);
  }

  moduleText(names: readonly string[] = this.names, bodies: readonly string[] = this.bodies): string {
    return names.map((name, k) => `export function ${name}(n: number): number {\n  return ${bodies[k] ?? ''};\n}\n`).join('\n');
  }

  consumerText(index: number, names: readonly string[] = this.names): string {
    const id = String(index + 1).padStart(2, '0');
    return `import { ${names.join(', ')} } from './mod';\n\nexport const v${id} = ${names.map((name) => `${name}(${index + 1})`).join(' + ')};\n`;
  }

  /**
   * Every file read back: the lines the outside writer put at its top (`outsideLines`), then
   * exactly the template with, in each function's place, one of the names it has had and, in the
   * module, a body. Anything else (an identifier cut, an edit in the wrong place) is `corrupted`.
   */
  async inspect(): Promise<Inspection> {
    const names = new Map<string, string[]>();
    const corrupted: string[] = [];
    let bodies: string[] = [];
    for (const file of this.files) {
      const raw = await this.ws.read(file);
      let text = raw;
      while (OUTSIDE_LINE.test(text)) text = text.replace(OUTSIDE_LINE, '');
      const found = file === 'src/mod.ts' ? this.readModule(text) : this.readConsumer(this.consumers.indexOf(file), text);
      if (found === undefined) {
        corrupted.push(`${file}:\n${raw}`);
        continue;
      }
      names.set(file, found.names);
      if (found.bodies !== undefined) bodies = found.bodies;
    }
    return { names, bodies, corrupted };
  }

  private readModule(text: string): { names: string[]; bodies: string[] } | undefined {
    const names: string[] = [];
    const bodies: string[] = [];
    for (const [k, part] of text.split('\n\n').entries()) {
      const match = /^export function (\w+)\(n: number\): number \{\n {2}return ([^;\n]+);\n\}\n?$/.exec(part);
      if (match === null || !this.history[k]?.has(match[1] ?? '')) return undefined;
      names.push(match[1] ?? '');
      bodies.push(match[2] ?? '');
    }
    if (names.length !== this.names.length || this.moduleText(names, bodies) !== text) return undefined;
    return { names, bodies };
  }

  private readConsumer(index: number, text: string): { names: string[]; bodies?: undefined } | undefined {
    const match = /^import \{ ([\w, ]+) \} from '\.\/mod';\n/.exec(text);
    const names = match?.[1]?.split(', ') ?? [];
    if (names.length !== this.names.length || names.some((name, k) => !this.history[k]?.has(name))) return undefined;
    return this.consumerText(index, names) === text ? { names } : undefined;
  }
}

export interface Inspection {
  /** Per file, the name each function has there. */
  readonly names: ReadonlyMap<string, readonly string[]>;
  /** The module's bodies. */
  readonly bodies: readonly string[];
  /** Files that are not the template with known names: their text. */
  readonly corrupted: readonly string[];
}

/** The files of `inspection` where function `index` is not called `name`. */
export function filesWithout(inspection: Inspection, index: number, name: string, files?: readonly string[]): string[] {
  return [...inspection.names]
    .filter(([file, names]) => (files === undefined || files.includes(file)) && names[index] !== name)
    .map(([file]) => file);
}
