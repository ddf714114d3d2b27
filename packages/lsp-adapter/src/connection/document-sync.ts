import type { Signal } from '@mcp-lsp-bridge/domain';
import type { FileChange, FileListing, FileStore, WorkspaceInventory } from '@mcp-lsp-bridge/workspace';
import { basename } from 'node:path';
import {
  DidChangeTextDocumentNotification,
  DidChangeWatchedFilesNotification,
  DidCloseTextDocumentNotification,
  DidOpenTextDocumentNotification,
  FileChangeType,
  type DidChangeTextDocumentParams,
  type FileEvent,
} from 'vscode-languageserver-protocol/node';
import type { LanguageServer } from './language-server.js';
import { uriOf } from '../convert/uris.js';
import { documentLanguageId } from '../languages/document-language.js';
import { changesCompileCommands } from '../languages/compile-commands.js';

/** clangd's extensions of `didChange`: check the document again and publish its diagnostics. */
interface ClangdRecheck {
  forceRebuild?: boolean;
  wantDiagnostics?: boolean;
}
const CLANGD_RECHECK: Required<ClangdRecheck> = { forceRebuild: true, wantDiagnostics: true };

interface OpenDocument {
  version: number;
  text: string;
}

export interface DocumentSyncOptions {
  readonly server: LanguageServer;
  /** What changed on disk since the server was last told. */
  readonly inventory: WorkspaceInventory;
  /** The texts the server is shown. */
  readonly files: FileStore;
  /** Documents kept open at most (least recently used closed first). */
  readonly maxOpen: number;
  /** The other paths of a file created or deleted, under which the server may have looked for it (a workspace package's, through `node_modules` links). */
  readonly linkedPaths?: (path: string) => readonly string[];
  /**
   * Brings the server up to date with such a linked path before the next request, in order
   * (tsserver acts on it on a timer otherwise); `file` is one of the files announced.
   */
  readonly afterLinked?: (file: string) => Promise<void>;
  /**
   * Documents the server is to see that are not on disk, by path, for the workspace as last
   * listed: a config standing in for a workspace without any (TypeScript 7's inferred project).
   */
  readonly virtualDocuments?: (listing: FileListing) => ReadonlyMap<string, string>;
}

/**
 * Keeps the server's view of the workspace equal to the disk at the start of every call:
 * documents we opened get `didChange` with their new text (or `didClose` when deleted); every
 * other file created, changed or deleted since the last call is announced with
 * `workspace/didChangeWatchedFiles`. The server processes notifications in order, so the
 * request that follows sees them all.
 */
export class DocumentSync {
  private readonly open = new Map<string, OpenDocument>();
  /** Changes found on disk, not yet sent. */
  private readonly pending: FileChange[] = [];
  /** Overlay texts of a rename simulation: the server sees these instead of the disk. */
  private overlaid: ReadonlySet<string> = new Set();
  /** Documents open that exist only for the server, and those the workspace now calls for. */
  private readonly virtual = new Map<string, string>();
  private wantedVirtual: ReadonlyMap<string, string> = new Map();
  /**
   * Files the server must never read from disk (their text overflows its parser): kept open,
   * served empty, until their content changes.
   */
  private readonly shownEmpty = new Set<string>();
  /** The last version of each document closed, so a reopened one is never shown under a version seen before. */
  private readonly lastVersions = new Map<string, number>();

  constructor(private readonly options: DocumentSyncOptions) {}

  /**
   * Looks at the disk and keeps what changed for the next `syncWithDisk`; true when the
   * server has not been told about something yet.
   */
  collectDiskChanges(): boolean {
    this.pending.push(...this.options.inventory.scanChanges());
    this.wantedVirtual = this.options.virtualDocuments?.(this.options.inventory.listing) ?? new Map();
    return this.hasPending;
  }

  /** Something changed on disk that the server has not been told yet. */
  get hasPending(): boolean {
    return this.pending.length > 0 || !sameDocuments(this.virtual, this.wantedVirtual);
  }

  /**
   * Why the server must be started again rather than told what changed: a configuration file
   * of its profile changed that it does not watch, or applies later than the next request.
   */
  restartReason(): string | undefined {
    const { server } = this.options;
    const { configFiles = [], restartOnConfigChange = false, generatesCompileCommands = false } = server.profile;
    for (const change of this.pending) {
      // A generated compilation database lists the workspace's source files: made anew with a new server.
      if (generatesCompileCommands && change.kind !== 'changed' && changesCompileCommands(change.path)) {
        return `${change.path} was ${change.kind} (the generated compilation database is made anew)`;
      }
      if (!configFiles.includes(basename(change.path))) continue;
      if (restartOnConfigChange) return `${change.path} was ${change.kind}`;
      if (!server.watches(change.path, change.kind)) return `${change.path} was ${change.kind} (the server does not watch it)`;
    }
    return undefined;
  }

  /** Brings the server up to date with the disk. */
  async syncWithDisk(): Promise<void> {
    this.collectDiskChanges();
    // A virtual document goes before the disk's news: a real file created at its path is then read from disk.
    for (const [path, text] of [...this.virtual]) {
      if (this.wantedVirtual.get(path) === text) continue;
      this.virtual.delete(path);
      await this.options.server.notify(DidCloseTextDocumentNotification.type, { textDocument: { uri: uriOf(path) } });
    }
    const changes = this.pending.splice(0);
    const events: FileEvent[] = [];
    let linked: string | undefined;
    for (const change of changes) {
      // Seen changed by the inventory: the text is read again even if this call read it before,
      // and now, before the server is told: what it reads later is this text or a newer one, so
      // a file changed in between shows as changed since (never the server a text older than ours).
      this.options.files.recheck(change.path);
      this.options.files.text(change.path);
      const document = this.open.get(change.path);
      if (document !== undefined && change.kind === 'deleted') {
        this.open.delete(change.path);
        await this.options.server.notify(DidCloseTextDocumentNotification.type, { textDocument: { uri: uriOf(change.path) } });
      } else if (document !== undefined) {
        await this.replace(change.path, document, this.diskText(change.path));
        if (this.options.files.failure(change.path) === undefined) this.shownEmpty.delete(change.path);
        continue;
      }
      if (change.kind === 'deleted') this.shownEmpty.delete(change.path);
      const type =
        change.kind === 'created' ? FileChangeType.Created : change.kind === 'deleted' ? FileChangeType.Deleted : FileChangeType.Changed;
      events.push({ uri: uriOf(change.path), type });
      if (change.kind !== 'changed')
        for (const other of this.options.linkedPaths?.(change.path) ?? []) {
          events.push({ uri: uriOf(other), type });
          linked ??= change.path;
        }
    }
    if (events.length > 0) await this.options.server.notify(DidChangeWatchedFilesNotification.type, { changes: events });
    if (linked !== undefined) await this.options.afterLinked?.(linked);
    for (const [path, text] of this.wantedVirtual) {
      if (this.virtual.has(path)) continue;
      this.virtual.set(path, text);
      await this.options.server.notify(DidOpenTextDocumentNotification.type, {
        textDocument: { uri: uriOf(path), languageId: 'jsonc', version: 1, text },
      });
    }
  }

  /**
   * Whether the server has been told that `path` exists: a file created since the last sync
   * (seen by a call that entered meanwhile) is not, until the calls in flight are over.
   */
  announced(path: string): boolean {
    return !this.pending.some((change) => change.path === path && change.kind === 'created');
  }

  /** Documents kept open at most. */
  get maxOpen(): number {
    return this.options.maxOpen;
  }

  isOpen(path: string): boolean {
    return this.open.has(path);
  }

  openPaths(): string[] {
    return [...this.open.keys()];
  }

  /** Opens `path` with its disk text unless it is open; most recently used documents stay open. */
  async ensureOpen(path: string): Promise<void> {
    const document = this.open.get(path);
    if (document !== undefined) {
      this.open.delete(path);
      this.open.set(path, document);
      return;
    }
    // Recorded before the notification is written: a concurrent call finds it open, and its
    // requests are written after this `didOpen` (the connection writes in call order).
    await this.openAs(path, this.diskText(path));
  }

  /** Opens `path` with `text` as a version the server has not seen, and closes the oldest documents past the limit. */
  private async openAs(path: string, text: string): Promise<number> {
    // Never a version seen before: clangd publishes nothing for a version and text it has already checked.
    const version = (this.lastVersions.get(path) ?? 0) + 1;
    this.open.set(path, { version, text });
    await this.options.server.notify(DidOpenTextDocumentNotification.type, {
      textDocument: { uri: uriOf(path), languageId: this.languageIdOf(path), version, text },
    });
    await this.trim();
    return version;
  }

  /**
   * Shows the server `path` as its text is now served (empty, for a file found unusable), and
   * keeps it open so the server never reads the file itself, until its content changes.
   */
  async showAsServed(path: string): Promise<void> {
    this.shownEmpty.add(path);
    const document = this.open.get(path);
    if (document === undefined) await this.ensureOpen(path);
    else await this.replace(path, document, this.diskText(path));
  }

  /**
   * Opens the document afresh (closing it first if open) as a version the server has not seen,
   * so a server that pushes diagnostics checks it and publishes for that version (a changed
   * notification with the same text is not enough: clangd does not check unchanged text again).
   */
  async reopen(path: string): Promise<number> {
    // An open document keeps its text: it is the disk's, or an overlay's being simulated.
    const text = this.open.get(path)?.text ?? this.diskText(path);
    await this.close(path);
    return this.openAs(path, text);
  }

  /**
   * Shows the server `path` (opening it if needed) as a new version of the same text, for a
   * server that checks a changed document and publishes its diagnostics with their version (gopls).
   */
  async touch(path: string): Promise<number> {
    await this.ensureOpen(path);
    const document = this.open.get(path);
    if (document === undefined) return this.reopen(path);
    return this.send(path, document, document.text);
  }

  /**
   * Shows the server `path` as a new version of the same text, so a server that checks a document
   * again only when asked (`recheck: 'ask'`, clangd) checks that version and publishes its
   * diagnostics, or opens it if it is not open. The document is never closed: a header closed to
   * be reopened would be read from the disk by a file compiled meanwhile.
   */
  async ask(path: string): Promise<number> {
    const document = this.open.get(path);
    if (document === undefined) return this.openAs(path, this.diskText(path));
    return this.send(path, document, document.text);
  }

  async close(path: string): Promise<void> {
    const document = this.open.get(path);
    if (document === undefined) return;
    this.lastVersions.set(path, document.version);
    this.open.delete(path);
    await this.options.server.notify(DidCloseTextDocumentNotification.type, { textDocument: { uri: uriOf(path) } });
  }

  /** The last version of `path` the server was shown, open or since closed (0: never shown). */
  versionShown(path: string): number {
    return this.open.get(path)?.version ?? this.lastVersions.get(path) ?? 0;
  }

  /** The version of `path` the server was last shown, if it is open. */
  openVersion(path: string): number | undefined {
    return this.open.get(path)?.version;
  }

  /** The text the server has for `path`: the open document's, else the disk's. */
  serverText(path: string): string | undefined {
    return this.open.get(path)?.text ?? this.options.files.text(path);
  }

  /**
   * Shows the server `texts` instead of the disk (opening the files as needed) and returns
   * the function that puts the disk back, closing what it opened.
   */
  async overlay(texts: ReadonlyMap<string, string>, _signal: Signal): Promise<() => Promise<void>> {
    const opened: string[] = [];
    // Marked first: opening the next file must never close one already showing its edited text
    // (more files than the open-document limit would otherwise be shown half edited, half not).
    this.overlaid = new Set(texts.keys());
    for (const [path, text] of texts) {
      if (!this.open.has(path)) {
        await this.ensureOpen(path);
        opened.push(path);
      }
      const document = this.open.get(path);
      if (document !== undefined) await this.replace(path, document, text);
    }
    return async () => {
      this.overlaid = new Set();
      for (const path of texts.keys()) {
        if (opened.includes(path)) {
          await this.close(path);
          continue;
        }
        const document = this.open.get(path);
        if (document !== undefined) await this.replace(path, document, this.diskText(path));
      }
    };
  }

  private languageIdOf(file: string): string {
    return documentLanguageId(this.options.server.profile, file);
  }

  private async replace(path: string, document: OpenDocument, text: string): Promise<void> {
    if (document.text !== text) await this.send(path, document, text);
  }

  /**
   * Shows the server `text` as the next version of an open document. The same text again is a
   * request to check it anew: a profile with `recheck: 'ask'` adds clangd's extensions
   * `forceRebuild` and `wantDiagnostics` (clangd publishes nothing for an unchanged text otherwise).
   */
  private async send(path: string, document: OpenDocument, text: string): Promise<number> {
    const again = document.text === text;
    document.version++;
    document.text = text;
    const params: DidChangeTextDocumentParams & ClangdRecheck = {
      textDocument: { uri: uriOf(path), version: document.version },
      contentChanges: [{ text }],
      ...(again && this.options.server.profile.recheck === 'ask' ? CLANGD_RECHECK : {}),
    };
    await this.options.server.notify(DidChangeTextDocumentNotification.type, params);
    return document.version;
  }

  private async trim(): Promise<void> {
    for (const oldest of [...this.open.keys()]) {
      if (this.open.size <= this.options.maxOpen) break;
      if (this.overlaid.has(oldest) || this.shownEmpty.has(oldest)) continue;
      await this.close(oldest);
    }
  }

  /** Unreadable files (binary, too large) are shown to the server empty, as the in-process backend shows them to its compiler. */
  private diskText(path: string): string {
    return this.options.files.compilerText(path) ?? '';
  }
}

function sameDocuments(a: ReadonlyMap<string, string>, b: ReadonlyMap<string, string>): boolean {
  return a.size === b.size && [...a].every(([path, text]) => b.get(path) === text);
}
