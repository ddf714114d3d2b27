import {
  LineIndex,
  goFilesOutsideBuild,
  isWorkspaceSource,
  type FileOffset,
  type IdentifierSpan,
  type QueryScope,
  type SourceSpan,
  type TextEdit,
} from '@mcp-lsp-bridge/domain';
import type { ProjectSpec, TsWorkspace, WorkspaceConfigs } from '@mcp-lsp-bridge/ts-workspace';
import fs from 'node:fs';
import {
  DeclarationRequest,
  DefinitionRequest,
  ReferencesRequest,
  RenameRequest,
  type Definition,
  type DefinitionLink,
  type Position,
  type Range,
} from 'vscode-languageserver-protocol/node';
import type { Live } from './connection/server-session.js';
import { spansOfLocations, textEditsOf } from './convert/locations.js';
import { positionOf, rangeOf, spanOfRange, type OffsetSpan } from './convert/ranges.js';
import { pathOf, uriOf } from './convert/uris.js';
import { languageIdIn, type LanguageProfile, type TypeScriptServer } from './languages/language-profile.js';
import { identifiersOf } from './languages/identifier-scan.js';

/** The workspace's projects as the server will see them, and the source files they check. */
export interface WorkspaceProjects extends WorkspaceConfigs {
  readonly files: readonly string[];
}

/**
 * One port call's view of a running server, whatever its language: offsets ↔ LSP positions
 * through the domain's LineIndex (on the text the server has), the requests every server
 * answers, paths made real as the domain expects, the names of the text (by the profile's
 * rules) and the workspace's source files of the server's language.
 */
export class CallContext {
  private readonly lineIndexes = new Map<string, LineIndex | undefined>();
  private readonly realPaths = new Map<string, string>();

  constructor(
    readonly live: Live,
    readonly scope: QueryScope,
    readonly workspace: TsWorkspace,
    private readonly ownsProject?: (root: string, spec: ProjectSpec) => boolean,
  ) {}

  get signal(): QueryScope['signal'] {
    return this.scope.signal;
  }

  get profile(): LanguageProfile {
    return this.live.server.profile;
  }

  /** The TypeScript server this is, if it is one: its answers are completed from TypeScript's syntax and configs. */
  get typescript(): TypeScriptServer | undefined {
    return this.profile.typescript;
  }

  /** The line index of the text the server has for `path` now. */
  lines(path: string): LineIndex | undefined {
    if (!this.lineIndexes.has(path)) {
      const text = this.live.sync.serverText(path);
      this.lineIndexes.set(path, text === undefined ? undefined : new LineIndex(text));
    }
    return this.lineIndexes.get(path);
  }

  /** Forgets cached texts (after the server was shown other texts). */
  invalidate(paths?: Iterable<string>): void {
    if (paths === undefined) this.lineIndexes.clear();
    else for (const path of paths) this.lineIndexes.delete(path);
  }

  position(path: string, offset: number): Position {
    return positionOf(this.lines(path), offset);
  }

  range(path: string, span: OffsetSpan): Range {
    return rangeOf(this.lines(path), span);
  }

  /** A range in `uri` as a span of the real path; `undefined` when the file has no text. */
  span(uri: string, range: Range): SourceSpan | undefined {
    const path = this.realPath(pathOf(uri));
    const lines = this.lines(path);
    return lines === undefined ? undefined : { path, ...spanOfRange(lines, range) };
  }

  realPath(path: string): string {
    let real = this.realPaths.get(path);
    if (real === undefined) {
      try {
        real = fs.realpathSync.native(path);
      } catch {
        real = path;
      }
      this.realPaths.set(path, real);
    }
    return real;
  }

  /** The identifiers of the text the server has for `path` overlapping [start, end). */
  identifiers(path: string, start: number, end: number): IdentifierSpan[] {
    const text = this.lines(path)?.text;
    return text === undefined ? [] : identifiersOf(this.profile, this.workspace.syntax, path, text, start, end);
  }

  /** The name at `at` (one that ends there too), '' when none (a comment, a string, a keyword). */
  nameAt(at: FileOffset): string {
    const { path, offset } = at;
    return (
      this.identifiers(path, offset, offset + 1)[0]?.text ??
      this.identifiers(path, offset - 1, offset).find((id) => id.start + id.length === offset)?.text ??
      ''
    );
  }

  /**
   * Whether this index answers project-wide questions (workspace diagnostics, symbol search)
   * for a project; another backend answers for the rest. Cross-project searches ask every project.
   */
  owns(spec: ProjectSpec): boolean {
    return this.ownsProject?.(this.scope.workspaceRoot, spec) ?? true;
  }

  /** Whether the project that owns `file` is this index's; a file whose config is broken is (its failure is reported here). */
  ownsFile(file: string): boolean {
    if (this.ownsProject === undefined) return true;
    try {
      return this.owns(this.workspace.ownerOf(this.scope.workspaceRoot, file).spec);
    } catch {
      return true;
    }
  }

  /** Every TypeScript config of the workspace (as last listed) and the source files its projects check. */
  projects(): WorkspaceProjects {
    const root = this.scope.workspaceRoot;
    const listing = this.live.inventory.listing;
    const found = this.workspace.configsOf(root, listing);
    return { ...found, files: this.workspace.projectFilesOf(root, found, listing) };
  }

  /**
   * The workspace's own source files of the server's language: its TypeScript projects' files, else the files of its
   * extensions, less the Go files of a module nested below the root that the root's build does not use.
   */
  sourceFiles(): readonly string[] {
    if (this.typescript !== undefined) return this.projects().files;
    const root = this.scope.workspaceRoot;
    const listed = this.live.inventory.list();
    const outsideGoBuild = goFilesOutsideBuild(root, listed, (file) => this.workspace.files.text(file));
    return listed.filter((file) => {
      const language = languageIdIn(this.profile, file);
      // A nested Go module builds against a published version of this one: not the server's build.
      return language !== undefined && isWorkspaceSource(root, file) && !(language === 'go' && outsideGoBuild(file));
    });
  }

  async definition(path: string, offset: number): Promise<SourceSpan[]> {
    await this.live.sync.ensureOpen(path);
    const answer: Definition | DefinitionLink[] | null = await this.live.server.request(
      DefinitionRequest.type,
      { textDocument: { uri: uriOf(path) }, position: this.position(path, offset) },
      this.signal,
    );
    return spansOfLocations(answer, (uri, range) => this.span(uri, range));
  }

  /**
   * The server's `textDocument/declaration`, where it offers one (pyright: the stub a name is
   * imported through, where its definition goes on to the implementation); else nothing.
   */
  async declaration(path: string, offset: number): Promise<SourceSpan[]> {
    const offered = this.live.server.capabilities.declarationProvider;
    if (offered === undefined || offered === false) return [];
    await this.live.sync.ensureOpen(path);
    const answer = await this.live.server.request(
      DeclarationRequest.type,
      { textDocument: { uri: uriOf(path) }, position: this.position(path, offset) },
      this.signal,
    );
    return spansOfLocations(answer, (uri, range) => this.span(uri, range));
  }

  async references(path: string, offset: number): Promise<SourceSpan[]> {
    await this.live.sync.ensureOpen(path);
    const answer = await this.live.server.request(
      ReferencesRequest.type,
      { textDocument: { uri: uriOf(path) }, position: this.position(path, offset), context: { includeDeclaration: true } },
      this.signal,
    );
    return spansOfLocations(answer, (uri, range) => this.span(uri, range));
  }

  async rename(path: string, offset: number, newName: string): Promise<TextEdit[]> {
    await this.live.sync.ensureOpen(path);
    const answer = await this.live.server.request(
      RenameRequest.type,
      { textDocument: { uri: uriOf(path) }, position: this.position(path, offset), newName },
      this.signal,
    );
    return answer === null ? [] : textEditsOf(answer, (uri, range) => this.span(uri, range));
  }
}
