import { cp, mkdir, mkdtemp, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { FIXTURES } from './paths.js';

/** The e2e fixture projects this suite uses, and the packages each needs in node_modules. */
const SETUP = { basic: ['fake-lib'], diagnostics: [], rename: ['fake-lib'] } as const satisfies Record<string, readonly string[]>;

export type FixtureName = keyof typeof SETUP;

/** A project given as its files' text, by path relative to the root. */
export type ProjectFiles = Readonly<Record<string, string>>;

export interface Position {
  readonly line: number;
  readonly column: number;
}

export interface Marker extends Position {
  readonly kind: string;
  /** Relative to the root. */
  readonly file: string;
  /** The whole line, as results quote it. */
  readonly lineText: string;
}

const MARKER = /\/\*@([a-z]+):([^*]+)\*\//g;

/** A fresh copy of an e2e fixture project (`e2e/fixtures/projects/<name>`) in a temporary directory. */
export class Fixture implements AsyncDisposable {
  private constructor(
    readonly root: string,
    private readonly source?: FixtureName | ProjectFiles,
  ) {}

  static async copy(name: FixtureName): Promise<Fixture> {
    const fixture = new Fixture(join(await realpath(await mkdtemp(join(tmpdir(), 'lsp-bridge-cli-'))), name), name);
    await fixture.reset();
    return fixture;
  }

  /** A project of exactly these files. */
  static async of(files: ProjectFiles): Promise<Fixture> {
    const fixture = new Fixture(join(await realpath(await mkdtemp(join(tmpdir(), 'lsp-bridge-cli-'))), 'app'), files);
    await fixture.reset();
    return fixture;
  }

  /** Copies the fixture (or writes its files) again, at the same path, undoing any change. */
  async reset(): Promise<void> {
    if (this.source === undefined) throw new Error('only a copied or written fixture can be reset');
    await rm(this.root, { recursive: true, force: true });
    if (typeof this.source === 'object') {
      await mkdir(this.root, { recursive: true });
      for (const [file, text] of Object.entries(this.source)) await this.write(file, text);
      return;
    }
    await cp(join(FIXTURES, 'projects', this.source), this.root, { recursive: true });
    for (const pkg of SETUP[this.source])
      await cp(join(FIXTURES, 'packages', pkg), join(this.root, 'node_modules', pkg), { recursive: true });
  }

  /** An empty project with a tsconfig.json, to fill with `write`. */
  static async empty(): Promise<Fixture> {
    const root = join(await realpath(await mkdtemp(join(tmpdir(), 'lsp-bridge-cli-'))), 'app');
    await mkdir(root);
    const fixture = new Fixture(root);
    await fixture.write(
      'tsconfig.json',
      JSON.stringify({ compilerOptions: { strict: true, noEmit: true, skipLibCheck: true }, include: ['src'] }),
    );
    return fixture;
  }

  path(file: string): string {
    return join(this.root, ...file.split('/'));
  }

  read(file: string): Promise<string> {
    return readFile(this.path(file), 'utf8');
  }

  async write(file: string, text: string): Promise<void> {
    await mkdir(dirname(this.path(file)), { recursive: true });
    await writeFile(this.path(file), text);
  }

  /** Where the identifier after the fixture's `/*@kind:tag*\/` marker starts. */
  async marker(file: string, marker: string): Promise<Position> {
    const comment = `/*@${marker}*/`;
    const lines = (await this.read(file)).split('\n');
    for (const [index, text] of lines.entries()) {
      const at = text.indexOf(comment);
      if (at !== -1) return { line: index + 1, column: Array.from(text.slice(0, at + comment.length)).length + 1 };
    }
    throw new Error(`no ${comment} in ${file}`);
  }

  /**
   * Every `/*@kind:tag*\/` marker of `tag` in the fixture's source files (those outside the
   * tsconfig's include too: `out` markers are references as well), in path and text order.
   */
  async markers(tag: string, kinds: readonly string[] = ['decl', 'ref', 'use', 'out']): Promise<Marker[]> {
    const files = (await readdir(this.root, { recursive: true }))
      .map((f) => f.split(sep).join('/'))
      .filter((f) => /\.[cm]?[jt]sx?$/.test(f) && !f.split('/').includes('node_modules'))
      .sort();
    const found: Marker[] = [];
    for (const file of files) {
      for (const [index, lineText] of (await this.read(file)).split('\n').entries()) {
        for (const match of lineText.matchAll(MARKER)) {
          if (match[2] !== tag || !kinds.includes(match[1] ?? '')) continue;
          const column = Array.from(lineText.slice(0, match.index + match[0].length)).length + 1;
          found.push({ kind: match[1] ?? '', file, line: index + 1, column, lineText });
        }
      }
    }
    return found;
  }

  /** `file:line:col` of a marker, as the CLI takes it. */
  async location(file: string, marker: string): Promise<string> {
    const { line, column } = await this.marker(file, marker);
    return `${file}:${line}:${column}`;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await rm(dirname(this.root), { recursive: true, force: true });
  }
}
