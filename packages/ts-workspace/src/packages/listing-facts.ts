import { isDeclarationFile, isSupportedSourceFile } from '@mcp-lsp-bridge/domain';
import { DirTree, type FileListing, type FileStore } from '@mcp-lsp-bridge/workspace';
import path from 'node:path';
import { filesByPackage, workspacePackages, type WorkspacePackage } from './workspace-packages.js';

/** What build-output lookups read from a whole listing: each found by one walk over its file names. */
export interface ListingFacts {
  readonly packages: WorkspacePackage[];
  /** Every declaration map (`*.d.ts.map`) of the listing. */
  readonly mapFiles: readonly string[];
  /** Every declaration file (`*.d.ts`, `*.d.mts`, `*.d.cts`) of the listing. */
  readonly declarationFiles: readonly string[];
  /** Each package's source files (of a supported language; its build output among them), by the innermost package holding them. */
  readonly sourceFiles: ReadonlyMap<WorkspacePackage, readonly string[]>;
}

interface Known {
  readonly root: string;
  readonly revision: number;
  /** The manifests the packages were read from, with their content versions then. */
  readonly manifests: ReadonlyMap<string, string | undefined>;
  readonly facts: ListingFacts;
}

const MANIFESTS = new Set(['package.json', 'project.json']);

/**
 * The workspace packages and the build output a listing holds, kept while the listing's
 * revision (no file or directory came or went) and every manifest's content stay the same: a
 * warm call reads no file name and parses no manifest, however large the workspace.
 */
export class ListingFactsCache {
  private readonly known = new WeakMap<FileListing, Known>();

  constructor(private readonly files: FileStore) {}

  of(root: string, listing: FileListing): ListingFacts {
    const known = this.known.get(listing);
    if (
      known?.root === root &&
      listing instanceof DirTree &&
      known.revision === listing.revision &&
      [...known.manifests].every(([file, version]) => this.files.version(file) === version)
    ) {
      return known.facts;
    }
    const manifests = new Map<string, string | undefined>();
    const mapFiles: string[] = [];
    const declarationFiles: string[] = [];
    const sources: string[] = [];
    for (const file of listing.files()) {
      if (MANIFESTS.has(path.basename(file))) manifests.set(file, this.files.version(file));
      else if (file.endsWith('.d.ts.map')) mapFiles.push(file);
      else if (isDeclarationFile(file)) declarationFiles.push(file);
      if (isSupportedSourceFile(file)) sources.push(file);
    }
    const packages = workspacePackages(this.files, root, listing);
    const facts = { packages, mapFiles, declarationFiles, sourceFiles: filesByPackage(packages, sources) };
    const revision = listing instanceof DirTree ? listing.revision : -1;
    this.known.set(listing, { root, revision, manifests, facts });
    return facts;
  }
}
