import { chooseCompiler, type CompilerChoice, type CompilerPolicy, type CompilerUse, type TypeScriptLookup } from '@mcp-lsp-bridge/domain';
import type { FileStore } from '@mcp-lsp-bridge/workspace';
import path from 'node:path';
import type { ProjectSpec } from '../config/project-owner.js';
import { lookUpTypeScript, type ManifestReader } from './typescript-package.js';

/** The directory a project resolves its `typescript` from: its config's, or the workspace root of an inferred project. */
export function projectDir(spec: ProjectSpec): string {
  return spec.kind === 'config' ? path.dirname(spec.configPath) : spec.root;
}

interface Known {
  readonly lookup: TypeScriptLookup;
  /** Every path the lookup read or looked for, with its content version then (`undefined`: no file). */
  readonly inputs: ReadonlyMap<string, string | undefined>;
  /** When the watcher reports every change of the inputs: the paths whose changes concern them (a link's target too). */
  readonly reported: readonly string[] | undefined;
  /** The journal position the inputs were last known unchanged at. */
  cursor: number;
  /** The package directory as found (through links), whose real path the lookup gave. */
  readonly linked: string | undefined;
  /** The call in which the inputs were last compared. */
  generation: number;
}

/** Directories whose lookups are kept (the projects of the workspaces served). */
const MAX_KEPT = 256;

/**
 * `typescript` lookups by directory. A lookup reads the manifests on the way from a directory
 * up to `/` (Node's `node_modules` lookup, the `package.json` that declares it, a Plug'n'Play
 * install): it is made again only when one of the paths it read or looked for changed. Each
 * of them is watched where it can be (`coversProbed`: a dependency folder or a directory above
 * the root too, and both sides of pnpm's link), so a warm call costs a look at the journal and
 * no system call; otherwise each is compared by version (a stat per call), and the package
 * directory's real path asked again (an install may re-point a link to the same version).
 */
export class CompilerLookups {
  private readonly known = new Map<string, Known>();

  constructor(private readonly files: FileStore) {}

  lookup(dir: string): TypeScriptLookup {
    const generation = this.files.currentGeneration;
    const known = this.known.get(dir);
    if (known !== undefined) {
      if (known.generation === generation || this.unreported(known)) {
        known.generation = generation;
        return known.lookup;
      }
      if (known.reported === undefined && this.unchanged(known)) {
        known.generation = generation;
        return this.withRealDir(known);
      }
    }
    const cursor = this.files.watch?.journal.head ?? -1;
    const inputs = new Map<string, string | undefined>();
    const reads = { linked: undefined as string | undefined, reported: [] as string[] | undefined };
    const lookup = lookUpTypeScript(this.recording(inputs, reads), dir);
    this.known.delete(dir);
    this.known.set(dir, { lookup, inputs, reported: reads.reported, cursor, linked: reads.linked, generation });
    if (this.known.size > MAX_KEPT) this.known.delete(this.known.keys().next().value as string);
    return lookup;
  }

  /** The compiler that answers for `spec` under `policy`, as the disk is now. */
  compilerOf(spec: ProjectSpec, policy: CompilerPolicy): CompilerChoice {
    return chooseCompiler(this.lookup(projectDir(spec)), policy);
  }

  /** Every input is watched, and nothing reported since concerns one: the lookup stands without looking at the disk. */
  private unreported(known: Known): boolean {
    const journal = this.files.watch?.journal;
    if (known.reported === undefined || journal === undefined) return false;
    const changes = journal.since(known.cursor);
    if (changes === undefined) return false;
    for (const change of changes) {
      for (const input of known.reported) {
        if (change.path === input || (change.entry && input.startsWith(`${change.path}${path.sep}`))) return false;
      }
    }
    known.cursor = journal.head;
    return true;
  }

  private unchanged(known: Known): boolean {
    for (const [file, version] of known.inputs) if (this.files.version(file) !== version) return false;
    return true;
  }

  /** The lookup with its package directory's real path as of this call (the same object while it has not moved). */
  private withRealDir(known: Known): TypeScriptLookup {
    const { lookup, linked } = known;
    const found = lookup.found;
    if (found === undefined || linked === undefined) return lookup;
    const packageDir = this.files.realpath(linked);
    return packageDir === found.packageDir ? lookup : { ...lookup, found: { ...found, packageDir } };
  }

  /** The file store, noting every path read or looked for and its version. */
  private recording(
    inputs: Map<string, string | undefined>,
    reads: { linked: string | undefined; reported: string[] | undefined },
  ): ManifestReader {
    const note = (file: string): void => {
      if (inputs.has(file)) return;
      // Watched before it is read: a change after the read is reported.
      const covered = reads.reported === undefined ? undefined : this.files.watch?.coversProbed(file);
      if (covered === undefined) reads.reported = undefined;
      else reads.reported?.push(...covered);
      inputs.set(file, this.files.version(file));
    };
    return {
      fileExists: (file) => {
        note(file);
        return this.files.fileExists(file);
      },
      text: (file) => {
        note(file);
        return this.files.text(file);
      },
      realpath: (file) => {
        reads.linked = file;
        return this.files.realpath(file);
      },
    };
  }
}

/** The compilers of `projects` as the port reports them: one use per distinct compiler, with the projects it answers for. */
export function compilerUses(projects: readonly { readonly spec: ProjectSpec; readonly choice: CompilerChoice }[]): CompilerUse[] {
  const uses = new Map<string, { choice: CompilerChoice; projects: string[] }>();
  for (const { spec, choice } of projects) {
    const key = `${choice.runtime}\0${choice.packageDir}\0${choice.version}\0${choice.note ?? ''}`;
    let use = uses.get(key);
    if (use === undefined) {
      use = { choice, projects: [] };
      uses.set(key, use);
    }
    use.projects.push(spec.kind === 'config' ? spec.configPath : spec.root);
  }
  return [...uses.values()].map(({ choice, projects }) => ({
    version: choice.version,
    source: choice.source,
    path: choice.packageDir,
    ...(choice.note === undefined ? {} : { note: choice.note }),
    projects,
  }));
}
