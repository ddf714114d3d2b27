import { cp, lstat, mkdir, mkdtemp, readFile, readlink, readdir, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fixtureSetups, type FixtureName } from '../fixtures/catalog.js';
import { FIXTURES_DIR } from './locations.js';
import { codePointLength, IDENTIFIER, lineText, positionAt, positionOf, stripBom, type Position } from './text.js';

/** `/*@kind:tag*\/identifier` in a fixture source. */
export interface Marker extends Position {
  readonly kind: string;
  readonly tag: string;
  /** Relative to the workspace root, `/`-separated: the form tool inputs take. */
  readonly file: string;
  /** How the contract displays this file (BS-001.1): relative, or absolute in node_modules. */
  readonly displayPath: string;
  /** The identifier right after the marker. */
  readonly identifier: string;
  /** Column just past the identifier. */
  readonly endColumn: number;
  /** The whole line, indentation kept: the expected codeSnippet. */
  readonly lineText: string;
}

export interface MarkerQuery {
  readonly tag?: string;
  readonly kinds?: readonly string[];
  readonly file?: string;
  readonly includeNodeModules?: boolean;
}

const SOURCE = /\.(?:[mc]?[tj]sx?)$/;
const MARKER = /\/\*@([a-z]+)(?::([^*]+))?\*\//g;

const STACKED_MARKER = /\/\*@[a-z]+(?::[^*]+)?\*\//y;

/** Markers written back to back (`/*@node:…*\//*@impl:…*\/name`) all mark the token after the last one. */
function pastStackedMarkers(text: string, offset: number): number {
  let at = offset;
  for (;;) {
    STACKED_MARKER.lastIndex = at;
    const next = STACKED_MARKER.exec(text);
    if (next === null) return at;
    at += next[0].length;
  }
}

/**
 * A fresh copy of a fixture in its own temporary directory (`<base>/<dirName>`), so a
 * sibling of the root (`<base>/app-evil`) and paths outside it can be made too.
 */
export class Workspace implements AsyncDisposable {
  private constructor(
    /** Real path of the temporary directory holding the workspace and its neighbours. */
    readonly base: string,
    /** Real path of the workspace root: the `workspaceRoot` of every call. */
    readonly root: string,
  ) {}

  static async copy(fixture: FixtureName, options: { dirName?: string } = {}): Promise<Workspace> {
    const base = await realpath(await mkdtemp(join(tmpdir(), 'lsp-bridge-e2e-')));
    const root = join(base, options.dirName ?? 'app');
    await cp(join(FIXTURES_DIR, 'projects', fixture), root, { recursive: true });
    const workspace = new Workspace(base, root);
    await fixtureSetups[fixture](workspace);
    return workspace;
  }

  /** Absolute path of a workspace-relative path. */
  path(file: string): string {
    return join(this.root, ...file.split('/'));
  }

  /** How the contract displays a workspace file: relative, or absolute in node_modules. */
  displayPath(file: string): string {
    return file.split('/').includes('node_modules') ? this.path(file) : file;
  }

  async read(file: string): Promise<string> {
    return readFile(this.path(file), 'utf8');
  }

  async readBytes(file: string): Promise<Buffer> {
    return readFile(this.path(file));
  }

  async write(file: string, content: string | Uint8Array): Promise<void> {
    await mkdir(dirname(this.path(file)), { recursive: true });
    await writeFile(this.path(file), content);
  }

  async remove(file: string): Promise<void> {
    await rm(this.path(file), { recursive: true, force: true });
  }

  /** A symlink at `file` (workspace-relative) pointing at `target` (absolute or relative to the link). */
  async link(file: string, target: string): Promise<void> {
    await mkdir(dirname(this.path(file)), { recursive: true });
    await symlink(target, this.path(file));
  }

  /** Writes a file relative to `base`, i.e. next to or outside the workspace root. */
  async writeOutside(relativeToBase: string, content: string): Promise<string> {
    const path = join(this.base, ...relativeToBase.split('/'));
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, content);
    return path;
  }

  /** Position of the `occurrence`-th `needle` in a file, as tool arguments. */
  async at(file: string, needle: string, occurrence = 1): Promise<{ workspaceRoot: string; filePath: string } & Position> {
    const position = positionOf(await this.read(file), needle, occurrence);
    return { workspaceRoot: this.root, filePath: file, ...position };
  }

  async lineText(file: string, line: number): Promise<string> {
    return lineText(await this.read(file), line);
  }

  /** Source files (workspace-relative), symlinks not followed. */
  async sourceFiles(options: { includeNodeModules?: boolean } = {}): Promise<string[]> {
    const out: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const full = join(dir, entry.name);
        if (entry.isDirectory()) {
          if (entry.name === 'node_modules' && options.includeNodeModules !== true) continue;
          await walk(full);
        } else if (entry.isFile() && SOURCE.test(entry.name)) {
          out.push(relative(this.root, full).split(sep).join('/'));
        }
      }
    };
    await walk(this.root);
    return out.sort();
  }

  /** Every marker matching the query, in file then text order. */
  async markers(query: MarkerQuery = {}): Promise<Marker[]> {
    const files =
      query.file !== undefined ? [query.file] : await this.sourceFiles({ includeNodeModules: query.includeNodeModules ?? false });
    const out: Marker[] = [];
    for (const file of files) {
      const text = stripBom(await this.read(file));
      for (const match of text.matchAll(MARKER)) {
        const kind = match[1] ?? '';
        const tag = match[2] ?? '';
        if (query.tag !== undefined && tag !== query.tag) continue;
        if (query.kinds !== undefined && !query.kinds.includes(kind)) continue;
        const offset = pastStackedMarkers(text, match.index + match[0].length);
        const identifier = IDENTIFIER.exec(text.slice(offset))?.[0] ?? '';
        const position = positionAt(text, offset);
        out.push({
          kind,
          tag,
          file,
          displayPath: this.displayPath(file),
          ...position,
          identifier,
          endColumn: position.column + codePointLength(identifier),
          lineText: lineText(text, position.line),
        });
      }
    }
    return out;
  }

  /** The single marker `kind:tag` (in `file` if given); throws unless exactly one exists. */
  async marker(kind: string, tag: string, file?: string): Promise<Marker> {
    const found = await this.markers({ tag, kinds: [kind], ...(file !== undefined ? { file } : {}) });
    if (found.length !== 1) throw new Error(`expected one /*@${kind}:${tag}*/ marker, found ${found.length}`);
    return found[0] as Marker;
  }

  /** Every file under `base` (the workspace and its neighbours): content, or link target. */
  async snapshot(): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    const walk = async (dir: string): Promise<void> => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const full = join(dir, entry.name);
        const key = relative(this.base, full).split(sep).join('/');
        if (entry.isSymbolicLink()) out.set(key, `symlink -> ${await readlink(full)}`);
        else if (entry.isDirectory()) await walk(full);
        else if (entry.isFile()) out.set(key, (await readFile(full)).toString('base64'));
        else out.set(key, `special ${(await lstat(full)).mode}`);
      }
    };
    await walk(this.base);
    return out;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await rm(this.base, { recursive: true, force: true });
  }
}

/** Tool arguments for a marker's position. */
export function argsAt(workspace: Workspace, marker: Marker): { workspaceRoot: string; filePath: string; line: number; column: number } {
  return { workspaceRoot: workspace.root, filePath: marker.file, line: marker.line, column: marker.column };
}

/** Paths (relative to `base`) added, removed or changed between two snapshots. */
export function changedPaths(before: ReadonlyMap<string, string>, after: ReadonlyMap<string, string>): string[] {
  const keys = new Set([...before.keys(), ...after.keys()]);
  return [...keys].filter((key) => before.get(key) !== after.get(key)).sort();
}

export function copyFixture(fixture: FixtureName, options?: { dirName?: string }): Promise<Workspace> {
  return Workspace.copy(fixture, options);
}
