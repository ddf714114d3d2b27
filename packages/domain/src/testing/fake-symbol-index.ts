import type {
  BuildOutputFile,
  PublicExport,
  PackageReachFacts,
  CallEdge,
  CallItem,
  TypeItem,
  CompilerUse,
  DiagnosticRecord,
  HoverAnswer,
  OutlineSymbol,
  OutlineStep,
  SymbolMatch,
  FileFailure,
  FileOffset,
  IdentifierSpan,
  DiagnosticsPlan,
  FileCheck,
  QueryScope,
  ReferencesAnswer,
  EditSimulation,
  RenameInfo,
  RenameLocations,
  SimulationAnswer,
  SourceSpan,
  SymbolIndex,
  TextEdit,
} from '../ports/symbol-index.js';
import type { ActionEdits, CodeActionQuery, CodeActionsAnswer, FormatAnswer, FormatQuery } from '../ports/code-actions.js';
import type { CompletionAnswer, CompletionDetail, SignatureHelpAnswer } from '../ports/completions.js';
import { FakeCodeActions } from './fake-code-actions.js';

export interface FakeSymbol {
  readonly name: string;
  readonly declarations: readonly SourceSpan[];
  readonly usages: readonly SourceSpan[];
  /** A reason the service refuses to rename it. */
  readonly refuseRename?: string;
  /** The language server whose own refusal `refuseRename` is. */
  readonly refuseRenameBy?: string;
  /**
   * Declarations of other symbols the service lists among the references, flagged as
   * declarations (a language server does so for the implementations of an interface member).
   */
  readonly related?: readonly SourceSpan[];
  /** The declarations of its type (what `goToTypeDefinition` answers). */
  readonly typeDeclarations?: readonly SourceSpan[];
}

/**
 * A symbol index over in-memory texts and a hand-made symbol table. Identifiers are
 * found with a regular expression, which is good enough for use-case tests.
 */
export class FakeSymbolIndex implements SymbolIndex {
  readonly texts = new Map<string, string>();
  readonly symbols: FakeSymbol[] = [];
  readonly fileDiagnostics = new Map<string, DiagnosticRecord[]>();
  failures: FileFailure[] = [];
  /** Files a rename could not reach (renameLocations' failures). */
  renameFailures: FileFailure[] = [];
  /** What renameLocations says of workspace packages: build output among the edits, packages it could not search. */
  renameBuildOutputs: BuildOutputFile[] = [];
  renamePackages: PackageReachFacts | undefined;
  /** What references says of the symbol's workspace package and its consumers. */
  referencePackages: PackageReachFacts | undefined;
  /** Names in files outside the service's build (references' outsideBuild). */
  referencesOutsideBuild: SourceSpan[] = [];
  renamePublicExports: PublicExport[] = [];
  /** Names spelled like the symbol where the rename does not reach that the service cannot resolve (renameLocations' unresolved). */
  renameUnresolved: SourceSpan[] = [];
  /** Names spelled like the symbol in files outside the service's build (renameLocations' outsideBuild). */
  renameOutsideBuild: SourceSpan[] = [];
  /** Files the service found being written (renameLocations' inFlux). */
  renameInFlux: string[] = [];
  /** Overrides the rename locations at a site (to model re-exports and import aliases). */
  locationsAt: ((at: FileOffset, newName: string) => readonly TextEdit[] | undefined) | undefined;
  /**
   * What simulateEdits answers. By default every name refers, before and after, to nothing the
   * fake can tell (no conflict), and no file has errors.
   */
  simulation: ((simulation: EditSimulation) => SimulationAnswer) | undefined;
  /** The simulations asked for, in order. */
  readonly simulations: EditSimulation[] = [];
  /** The groups project-wide diagnostics check (none: one group of every file with a text). */
  diagnosticsGroups: (readonly string[])[] | undefined;
  /** How many of a group's files the plan has checked at once. */
  diagnosticsInFlight = 1;
  /** Why a file's check fails, by path. */
  readonly checkFailures = new Map<string, string>();
  /** Called as each file's check starts (a test's clock advances, or its call is cancelled, here); it may throw. */
  onCheck: ((path: string) => void) | undefined;
  /** The files checked, in order. */
  readonly filesAsked: string[] = [];
  /** Outlines by path (hand-made: the fake has no parser). */
  readonly outlines = new Map<string, readonly OutlineSymbol[]>();
  /** The outline entries holding a declaration, by `path:offset` of its name (absent: the service cannot tell, ask the outline). */
  readonly ancestries = new Map<string, readonly OutlineStep[]>();
  /** The paths whose outlines were asked, in order. */
  readonly outlinesAsked: string[] = [];
  /** Hover answers by `path:offset` of a symbol's first declaration. */
  readonly hovers = new Map<string, HoverAnswer>();
  /** Implementations by the name of the symbol they implement. */
  readonly implementationsOf = new Map<string, readonly SourceSpan[]>();
  /** What searchSymbols returns (every entry; the domain ranks and filters). */
  searchable: SymbolMatch[] = [];
  /** Call items, and the edges by `path:nameStart` of an item. */
  callables: CallItem[] = [];
  readonly incoming = new Map<string, readonly CallEdge[]>();
  readonly outgoing = new Map<string, readonly CallEdge[]>();
  /** Type items, and their direct supertypes and subtypes by `path:nameStart` of an item. */
  types: TypeItem[] = [];
  readonly supertypesOf = new Map<string, readonly TypeItem[]>();
  readonly subtypesOf = new Map<string, readonly TypeItem[]>();
  /** What `compilers` answers, for a file (by path) or the workspace (key `*`). */
  readonly compilerUses = new Map<string, readonly CompilerUse[]>();
  /** What codeActions, codeActionEdits and formatEdits answer. */
  readonly actions = new FakeCodeActions(this.texts);
  /** What completions answers, wherever it is asked; the details by ref; the refs asked for, call by call. */
  completionList: CompletionAnswer = { entries: [], incomplete: false };
  readonly completionInfo = new Map<string, CompletionDetail>();
  readonly detailRequests: (readonly string[])[] = [];
  /** What signatureHelp answers at a position (default: in no call). */
  signatureAt: ((at: FileOffset) => SignatureHelpAnswer | undefined) | undefined;

  addFile(path: string, text: string): this {
    this.texts.set(path, text);
    return this;
  }

  /** Declares a symbol whose spans are every occurrence of `name` in the given files; the first is the declaration. */
  addSymbolByText(name: string, paths: readonly string[], extra: Partial<FakeSymbol> = {}): FakeSymbol {
    const spans: SourceSpan[] = [];
    for (const path of paths) {
      const text = this.texts.get(path) ?? '';
      for (const match of text.matchAll(new RegExp(`(?<![\\w$])${escape(name)}(?![\\w$])`, 'g'))) {
        spans.push({ path, start: match.index, length: name.length });
      }
    }
    const symbol: FakeSymbol = { name, declarations: spans.slice(0, 1), usages: spans.slice(1), ...extra };
    this.symbols.push(symbol);
    return symbol;
  }

  sourceText(_scope: QueryScope, path: string): Promise<string | undefined> {
    return Promise.resolve(this.texts.get(path));
  }

  /** Whether identifiersIn skips double-quoted strings and `#` comments, as a language's lexicon does. */
  skipsStringsAndComments = false;

  identifiersIn(_scope: QueryScope, path: string, start: number, end: number): Promise<readonly IdentifierSpan[]> {
    const text = this.texts.get(path) ?? '';
    const skipped = this.skipsStringsAndComments ? [...text.matchAll(/"[^"\n]*"|#[^\n]*/g)] : [];
    const inSkipped = (at: number): boolean => skipped.some((m) => m.index <= at && at < m.index + m[0].length);
    const found: IdentifierSpan[] = [];
    for (const match of text.slice(start, end).matchAll(/[\p{ID_Start}$_#][\p{ID_Continue}$]*/gu)) {
      if (inSkipped(start + match.index)) continue;
      found.push({ path, start: start + match.index, length: match[0].length, text: match[0] });
    }
    return Promise.resolve(found);
  }

  definitions(_scope: QueryScope, at: FileOffset): Promise<readonly SourceSpan[]> {
    return Promise.resolve(this.symbolAt(at)?.declarations ?? []);
  }

  /** What publicExports answers, by `path:start` of a declaration. */
  readonly exportsOf = new Map<string, readonly PublicExport[]>();

  publicExports(_scope: QueryScope, declarations: readonly SourceSpan[]): Promise<readonly PublicExport[]> {
    return Promise.resolve(declarations.flatMap((d) => this.exportsOf.get(`${d.path}:${d.start}`) ?? []));
  }

  typeDefinitions(_scope: QueryScope, at: FileOffset): Promise<readonly SourceSpan[]> {
    return Promise.resolve(this.symbolAt(at)?.typeDeclarations ?? []);
  }

  references(_scope: QueryScope, at: FileOffset): Promise<ReferencesAnswer> {
    const symbol = this.symbolAt(at);
    const references = symbol ? [...symbol.declarations, ...symbol.usages, ...(symbol.related ?? [])] : [];
    return Promise.resolve({
      references,
      failures: this.failures,
      packages: this.referencePackages,
      ...(this.referencesOutsideBuild.length > 0 ? { outsideBuild: this.referencesOutsideBuild } : {}),
    });
  }

  renameInfo(_scope: QueryScope, at: FileOffset): Promise<RenameInfo> {
    const symbol = this.symbolAt(at);
    if (!symbol) return Promise.resolve({ canRename: false, reason: 'no symbol' });
    if (symbol.refuseRename)
      return Promise.resolve({
        canRename: false,
        reason: symbol.refuseRename,
        ...(symbol.refuseRenameBy === undefined ? {} : { refusedBy: symbol.refuseRenameBy }),
      });
    return Promise.resolve({ canRename: true, name: symbol.name });
  }

  renameLocations(_scope: QueryScope, at: FileOffset, newName: string): Promise<RenameLocations> {
    const symbol = this.symbolAt(at);
    const spans = symbol ? [...symbol.declarations, ...symbol.usages] : [];
    const edits = this.locationsAt?.(at, newName) ?? spans.map((s) => ({ ...s, newText: newName }));
    const texts = new Map<string, string>();
    for (const edit of edits) {
      const text = this.texts.get(edit.path);
      if (text !== undefined) texts.set(edit.path, text);
    }
    return Promise.resolve({
      edits,
      texts,
      failures: this.renameFailures,
      buildOutputs: this.renameBuildOutputs,
      packages: this.renamePackages,
      publicExports: this.renamePublicExports,
      ...(this.renameUnresolved.length > 0 ? { unresolved: this.renameUnresolved } : {}),
      ...(this.renameOutsideBuild.length > 0 ? { outsideBuild: this.renameOutsideBuild } : {}),
      ...(this.renameInFlux.length > 0 ? { inFlux: this.renameInFlux } : {}),
    });
  }

  simulateEdits(_scope: QueryScope, simulation: EditSimulation): Promise<SimulationAnswer> {
    this.simulations.push(simulation);
    if (this.simulation !== undefined) return Promise.resolve(this.simulation(simulation));
    return Promise.resolve({
      referentsBefore: simulation.before.map(() => []),
      referentsAfter: simulation.after.map(() => []),
      errorsBefore: new Map(),
      errorsAfter: new Map(),
    });
  }

  diagnostics(_scope: QueryScope, path: string): Promise<readonly DiagnosticRecord[]> {
    return Promise.resolve(this.fileDiagnostics.get(path) ?? []);
  }

  diagnosticsPlan(_scope: QueryScope): Promise<DiagnosticsPlan> {
    const groups = this.diagnosticsGroups ?? [[...this.texts.keys()]];
    return Promise.resolve({ groups: groups.map((files) => ({ files, inFlight: this.diagnosticsInFlight })), failures: this.failures });
  }

  checkFile(_scope: QueryScope, path: string): Promise<FileCheck> {
    this.filesAsked.push(path);
    // What `onCheck` throws rejects the check.
    return new Promise((resolve) => {
      this.onCheck?.(path);
      const failure = this.checkFailures.get(path);
      resolve(failure === undefined ? { diagnostics: this.fileDiagnostics.get(path) ?? [] } : { failure });
    });
  }

  compilers(_scope: QueryScope, path: string | undefined): Promise<readonly CompilerUse[]> {
    return Promise.resolve(this.compilerUses.get(path ?? '*') ?? []);
  }

  outline(_scope: QueryScope, path: string): Promise<readonly OutlineSymbol[]> {
    this.outlinesAsked.push(path);
    return Promise.resolve(this.outlines.get(path) ?? []);
  }

  outlineAncestry(_scope: QueryScope, path: string, offset: number): Promise<readonly OutlineStep[] | undefined> {
    return Promise.resolve(this.ancestries.get(`${path}:${offset}`));
  }

  hover(_scope: QueryScope, at: FileOffset): Promise<HoverAnswer | undefined> {
    const declaration = this.symbolAt(at)?.declarations[0];
    return Promise.resolve(declaration === undefined ? undefined : this.hovers.get(`${declaration.path}:${declaration.start}`));
  }

  implementations(_scope: QueryScope, at: FileOffset): Promise<readonly SourceSpan[]> {
    const symbol = this.symbolAt(at);
    return Promise.resolve(symbol === undefined ? [] : (this.implementationsOf.get(symbol.name) ?? []));
  }

  searchSymbols(_scope: QueryScope, query: string, maxResults: number): Promise<readonly SymbolMatch[]> {
    const lower = query.toLowerCase();
    const letters = Array.from(lower);
    const matches = this.searchable.filter((m) => {
      let at = 0;
      for (const char of m.name.toLowerCase()) if (char === letters[at]) at++;
      return at === letters.length;
    });
    return Promise.resolve(matches.slice(0, maxResults));
  }

  callItems(_scope: QueryScope, at: FileOffset): Promise<readonly CallItem[]> {
    const item = this.callables.find((c) => c.path === at.path && c.nameStart <= at.offset && at.offset <= c.nameStart + c.nameLength);
    return Promise.resolve(item === undefined ? [] : [item]);
  }

  incomingCalls(_scope: QueryScope, item: CallItem): Promise<readonly CallEdge[]> {
    return Promise.resolve(this.incoming.get(`${item.path}:${item.nameStart}`) ?? []);
  }

  outgoingCalls(_scope: QueryScope, item: CallItem): Promise<readonly CallEdge[]> {
    return Promise.resolve(this.outgoing.get(`${item.path}:${item.nameStart}`) ?? []);
  }

  typeItems(_scope: QueryScope, at: FileOffset): Promise<readonly TypeItem[]> {
    const item = this.types.find((t) => t.path === at.path && t.nameStart <= at.offset && at.offset <= t.nameStart + t.nameLength);
    return Promise.resolve(item === undefined ? [] : [item]);
  }

  supertypes(_scope: QueryScope, item: TypeItem): Promise<readonly TypeItem[]> {
    return Promise.resolve(this.supertypesOf.get(`${item.path}:${item.nameStart}`) ?? []);
  }

  subtypes(_scope: QueryScope, item: TypeItem): Promise<readonly TypeItem[]> {
    return Promise.resolve(this.subtypesOf.get(`${item.path}:${item.nameStart}`) ?? []);
  }

  codeActions(_scope: QueryScope, query: CodeActionQuery): Promise<CodeActionsAnswer> {
    return Promise.resolve(this.actions.list(query));
  }

  codeActionEdits(_scope: QueryScope, query: CodeActionQuery, ref: string): Promise<ActionEdits | undefined> {
    return Promise.resolve(this.actions.edits(query, ref));
  }

  formatEdits(_scope: QueryScope, query: FormatQuery): Promise<FormatAnswer> {
    return Promise.resolve(this.actions.formatted(query));
  }
  completions(_scope: QueryScope, _at: FileOffset): Promise<CompletionAnswer> {
    return Promise.resolve(this.completionList);
  }

  completionDetails(_scope: QueryScope, _at: FileOffset, refs: readonly string[]): Promise<readonly (CompletionDetail | undefined)[]> {
    this.detailRequests.push(refs);
    return Promise.resolve(refs.map((ref) => this.completionInfo.get(ref)));
  }

  signatureHelp(_scope: QueryScope, at: FileOffset): Promise<SignatureHelpAnswer | undefined> {
    return Promise.resolve(this.signatureAt?.(at));
  }

  private symbolAt(at: FileOffset): FakeSymbol | undefined {
    const within = (s: SourceSpan): boolean => s.path === at.path && s.start <= at.offset && at.offset <= s.start + s.length;
    return this.symbols.find((sym) => sym.declarations.some(within) || sym.usages.some(within));
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
