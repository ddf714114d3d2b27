import type { ActionEdits, CodeActionQuery, CodeActionsAnswer, FormatAnswer, FormatQuery } from './code-actions.js';
import type { QueryScope, FileOffset, SourceSpan, FileFailure } from './symbol-queries.js';
import type { PublicExport, BuildOutputFile, PackageReachFacts } from './symbol-navigation.js';
import type { DiagnosticRecord } from './symbol-diagnostics.js';

/** The edits a service computes (rename, code actions, formatting) and the rename simulation the domain checks them with; none is written here. */
export interface SymbolEdits {
  renameInfo(scope: QueryScope, at: FileOffset): Promise<RenameInfo>;
  /**
   * The service's own rename locations for the symbol at `at`, across every project of the
   * workspace that can see it, as edits to `newName` with the text a location needs around the
   * name (`a as b`, `{ a: b }`), and the exact texts they were computed from. The domain decides
   * where a rename goes on from there (through re-exports) and whether it conflicts.
   */
  renameLocations(scope: QueryScope, at: FileOffset, newName: string): Promise<RenameLocations>;
  /**
   * What names refer to and which errors files have, on the disk's texts and again with
   * `simulation.overlay` in place of them (the edited texts of a rename, never written):
   * the primitives the domain's rename-conflict rule is decided from.
   */
  simulateEdits(scope: QueryScope, simulation: EditSimulation): Promise<SimulationAnswer>;
  /** The fixes, refactorings and file actions the service offers over a range of a file (their edits may come later). */
  codeActions(scope: QueryScope, query: CodeActionQuery): Promise<CodeActionsAnswer>;
  /** The edits of the action `ref` names, computed again for the same query; `undefined` when it is no longer offered. */
  codeActionEdits(scope: QueryScope, query: CodeActionQuery, ref: string): Promise<ActionEdits | undefined>;
  /** The edits the service's formatter makes to a file (or a range of it) with these settings. */
  formatEdits(scope: QueryScope, query: FormatQuery): Promise<FormatAnswer>;
}

/** `refusedBy`: the language server whose own refusal `reason` is (clangd 14 will not rename a virtual method). */
export type RenameInfo =
  { readonly canRename: true; readonly name: string } | { readonly canRename: false; readonly reason: string; readonly refusedBy?: string };

export interface TextEdit extends SourceSpan {
  readonly newText: string;
}

export interface RenameLocations {
  /** Edits in a workspace package's build output (`dist/**\/*.d.ts`) are included: the domain decides what becomes of them. */
  readonly edits: readonly TextEdit[];
  /** The text of every file an edit is in, as the edits were computed from it. */
  readonly texts: ReadonlyMap<string, string>;
  /**
   * Files of the searched projects that could not be processed (too large, unreadable) and
   * whose content spells the symbol's name: they may use it, and no edit reaches them.
   */
  readonly failures: readonly FileFailure[];
  /** The files among the edits that are a workspace package's build output, with that package. */
  readonly buildOutputs?: readonly BuildOutputFile[];
  /** How the symbol's workspace package reaches its consumers: the domain decides which could not be searched. */
  readonly packages?: PackageReachFacts | undefined;
  /** Where the declaring workspace package exports the symbol to its consumers, before the rename. */
  readonly publicExports?: readonly PublicExport[];
  /**
   * Names spelled like the symbol, where no edit reaches in the workspace's files, that the service cannot
   * resolve to any declaration: uses it cannot see (`pkg._compat.name(…)` through a module it
   * cannot follow), which a rename would leave behind.
   */
  readonly unresolved?: readonly SourceSpan[];
  /**
   * Names spelled like the symbol in workspace files the service's build leaves out (gopls: a
   * build constraint, such as another GOOS or a newer Go) that the symbol's package reaches: the
   * service cannot tell what they refer to, and a rename leaving them behind breaks that build.
   */
  readonly outsideBuild?: readonly SourceSpan[];
  /**
   * Workspace files found empty just after they held text: another program is most likely
   * writing them in place, and the service saw them between their truncation and their new text.
   */
  readonly inFlux?: readonly string[];
}

export interface EditSimulation {
  /** The edited texts, by path; every other file is seen as it is on disk. */
  readonly overlay: ReadonlyMap<string, string>;
  /** Name sites to resolve on the disk's texts. */
  readonly before: readonly FileOffset[];
  /** Name sites to resolve with the overlay in place (offsets into the overlay's texts). */
  readonly after: readonly FileOffset[];
  /** Files whose errors to compare. */
  readonly files: readonly string[];
  /**
   * Also compare the errors of every workspace file that depends on one of the overlaid files,
   * directly or through re-exports: Go, the files of the packages that import an edited package
   * (and the edited package's other files); C and C++, the files that include an edited header
   * (or `.c` file), transitively; Python, the modules that import an edited module; TypeScript,
   * the importers of an edited module. A rename can break a file it does not edit (an interface
   * method renamed without its implementations breaks the package that assigns one to the other).
   */
  readonly dependents?: boolean;
  /**
   * Only the errors the edits add are wanted (a rename's check): `errorsBefore` may then leave
   * out every file that has no error with the overlay in place, since the edits add none there,
   * and the service need not check those files on the disk's texts at all.
   */
  readonly addedErrorsOnly?: boolean;
}

export interface SimulationAnswer {
  /**
   * For each site of `before`, the declarations its name refers to, aliases followed (an import
   * names what it imports, a shorthand property the value too), as spans of their names.
   */
  readonly referentsBefore: readonly (readonly SourceSpan[])[];
  /** The same for each site of `after`; spans in overlaid files are in the overlay's coordinates. */
  readonly referentsAfter: readonly (readonly SourceSpan[])[];
  /**
   * The errors (category `error` only) of each of `files`, of every workspace file that
   * re-exports all of one of them (`export * from`), which a rename can break without editing it,
   * and with `dependents`, of every file that depends on an overlaid one (with `addedErrorsOnly`,
   * perhaps of those alone that have errors with the overlay).
   */
  readonly errorsBefore: ReadonlyMap<string, readonly DiagnosticRecord[]>;
  /** The same files' errors with the overlay in place (overlay coordinates). */
  readonly errorsAfter: ReadonlyMap<string, readonly DiagnosticRecord[]>;
  /** Workspace files being written by another program as it ran (see `RenameLocations.inFlux`): its answers may not hold for them. */
  readonly inFlux?: readonly string[];
  /**
   * Files among those checked that the service's build leaves out (gopls: a build constraint):
   * it has no errors for them, with or without the edits, so they were not really checked.
   */
  readonly outsideBuild?: readonly string[];
}
