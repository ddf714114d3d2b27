import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Rng } from '../rng.js';

/**
 * The soak's generated project and the files that churn in it. The project type-checks by
 * construction, and every occurrence of the word `marker` in it is a reference to the function
 * `marker` (its declaration, an import or a call): so the expected references are the word's
 * occurrences in the current text of the files, computed here, never asked of the product.
 */

export const MARKER_FILE = 'src/marker.ts';
export const SCRATCH_FILE = 'src/scratch.ts';
export const CHURN_DIR = 'src/churn';

/** Files that never change during a soak: calls about them must always succeed. */
const STABLE: Record<string, string> = {
  'tsconfig.json': JSON.stringify(
    { compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', strict: true, noEmit: true }, include: ['src'] },
    null,
    2,
  ),
  [MARKER_FILE]: '/** Adds one. */\nexport function marker(n: number): number {\n  return n + 1;\n}\n',
  'src/shapes.ts': [
    'export interface Shape {',
    '  area(): number;',
    '}',
    '',
    'export class Square implements Shape {',
    '  constructor(private readonly side: number) {}',
    '  area(): number {',
    '    return this.side * this.side;',
    '  }',
    '}',
    '',
    'export class Circle implements Shape {',
    '  constructor(private readonly radius: number) {}',
    '  area(): number {',
    '    return 3 * this.radius * this.radius;',
    '  }',
    '}',
    '',
  ].join('\n'),
  'src/calls.ts': [
    "import { marker } from './marker';",
    '',
    'export function top(): number {',
    '  return middle() + 1;',
    '}',
    '',
    'function middle(): number {',
    '  return bottom() * 2;',
    '}',
    '',
    'function bottom(): number {',
    '  return marker(1);',
    '}',
    '',
  ].join('\n'),
  [SCRATCH_FILE]: 'export function scratch(): number {\n  return 0;\n}\n',
};

/** A position, 1-based, as the tools count it (the generated text is ASCII). */
export interface Place {
  readonly filePath: string;
  readonly line: number;
  readonly column: number;
}

/** Every occurrence of the whole word `word` in `text`. */
export function occurrences(filePath: string, text: string, word: string): Place[] {
  const out: Place[] = [];
  const lines = text.split('\n');
  // Not after a "/": the module specifier './marker' names the file, not the function.
  const pattern = new RegExp(`(?<![\\w$/])${word}(?![\\w$])`, 'g');
  lines.forEach((line, index) => {
    for (const match of line.matchAll(pattern)) out.push({ filePath, line: index + 1, column: match.index + 1 });
  });
  return out;
}

/**
 * The project on disk and a model of its text. Each change is written to a temporary file
 * outside the project and renamed into place, so the server never reads half a file; `version`
 * is odd while a change is under way (a seqlock: an answer is judged only if the version was
 * the same even number before and after the call).
 */
export class SoakProject {
  readonly files = new Map<string, string>();
  private nextFile = 0;
  private changeCount = 0;
  version = 0;
  readonly churned = { edits: 0, creates: 0, deletes: 0 };

  constructor(
    readonly root: string,
    private readonly scratchDir: string,
    private readonly rng: Rng,
    churnFiles: number,
  ) {
    mkdirSync(join(root, CHURN_DIR), { recursive: true });
    mkdirSync(scratchDir, { recursive: true });
    for (const [path, text] of Object.entries(STABLE)) this.put(path, text);
    for (let i = 0; i < churnFiles; i++) this.put(this.newChurnPath(), this.churnText());
  }

  /** The churned files now on disk. */
  churnFiles(): string[] {
    return [...this.files.keys()].filter((path) => path.startsWith(`${CHURN_DIR}/`));
  }

  /** The references of `marker` in the text of every file now. */
  markerReferences(): Place[] {
    return [...this.files.entries()].filter(([path]) => path.endsWith('.ts')).flatMap(([path, text]) => occurrences(path, text, 'marker'));
  }

  /** One random change: edit a churned file (most often), create one, or delete one (as often: the project keeps its size). */
  churn(): void {
    const existing = this.churnFiles();
    const roll = this.rng.int(10);
    this.version++;
    try {
      if (roll < 2 || existing.length < 10) {
        this.put(this.newChurnPath(), this.churnText());
        this.churned.creates++;
      } else if (roll < 4) {
        const victim = existing[this.rng.int(existing.length)] as string;
        rmSync(join(this.root, victim));
        this.files.delete(victim);
        this.churned.deletes++;
      } else {
        this.put(existing[this.rng.int(existing.length)] as string, this.churnText());
        this.churned.edits++;
      }
    } finally {
      this.version++;
    }
  }

  private newChurnPath(): string {
    return `${CHURN_DIR}/c${this.nextFile++}.ts`;
  }

  /** A file using `marker` 1 to 5 times, after 0 to 4 filler lines (so positions move between edits). */
  private churnText(): string {
    const id = this.changeCount++;
    const filler = Array.from({ length: this.rng.int(5) }, (_, i) => `export const filler${i} = ${id + i};`);
    const uses = Array.from({ length: 1 + this.rng.int(5) }, (_, i) => `marker(${id + i})`).join(' + ');
    return ["import { marker } from '../marker';", ...filler, `export function use${id}(): number {`, `  return ${uses};`, '}', ''].join(
      '\n',
    );
  }

  private put(path: string, text: string): void {
    const temp = join(this.scratchDir, `write-${this.changeCount}-${this.rng.int(1e9)}`);
    writeFileSync(temp, text);
    renameSync(temp, join(this.root, path));
    this.files.set(path, text);
  }
}
