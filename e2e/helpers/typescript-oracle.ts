import { readFileSync } from 'node:fs';
import { relative, sep } from 'node:path';
import ts from 'typescript';
import { positionAt, type Position } from './text.js';
import type { Workspace } from './workspace.js';

/**
 * TypeScript's own LanguageService over a workspace's JavaScript and TypeScript files as they
 * are on disk now (a config-less project that allows JavaScript, as the bridge infers one): the
 * independent judge of what the service itself answers at a position. Answers are
 * `file:line:column` keys, as `helpers/expectations.ts` builds them from results.
 */
export class TypeScriptOracle {
  private readonly service: ts.LanguageService;

  constructor(
    private readonly ws: Workspace,
    files: readonly string[],
  ) {
    const paths = files.map((file) => ws.path(file));
    const host: ts.LanguageServiceHost = {
      getScriptFileNames: () => paths,
      getScriptVersion: () => '1',
      getScriptSnapshot: (file) => (ts.sys.fileExists(file) ? ts.ScriptSnapshot.fromString(readFileSync(file, 'utf8')) : undefined),
      getCurrentDirectory: () => ws.root,
      getCompilationSettings: () => ({ allowJs: true, checkJs: false, noEmit: true }),
      getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
      fileExists: (file) => ts.sys.fileExists(file),
      readFile: (file) => ts.sys.readFile(file),
    };
    this.service = ts.createLanguageService(host);
  }

  /** `findReferences` at the position, every group's references. */
  references(file: string, at: Position): string[] {
    const path = this.ws.path(file);
    const groups = this.service.findReferences(path, this.offsetOf(path, at)) ?? [];
    return groups.flatMap((group) => group.references.map((r) => this.keyOf(r.fileName, r.textSpan.start)));
  }

  /** `findRenameLocations` at the position, as TypeScript's own rename would edit. */
  renameLocations(file: string, at: Position): string[] {
    const path = this.ws.path(file);
    const preferences = { providePrefixAndSuffixTextForRename: true };
    const locations = this.service.findRenameLocations(path, this.offsetOf(path, at), false, false, preferences) ?? [];
    return locations.map((l) => this.keyOf(l.fileName, l.textSpan.start));
  }

  /** `getCompletionsAtPosition` at the position: the names offered (no auto-imports), unfiltered. */
  completionNames(file: string, at: Position): string[] {
    const path = this.ws.path(file);
    const info = this.service.getCompletionsAtPosition(path, this.offsetOf(path, at), { includeCompletionsForModuleExports: false });
    return (info?.entries ?? []).map((e) => e.name);
  }

  /** `getSignatureHelpItems` at the position: each signature as its parts print it, the selected one and the argument's index. */
  signatureHelp(file: string, at: Position): { labels: string[]; selected: number; argument: number } | undefined {
    const path = this.ws.path(file);
    const help = this.service.getSignatureHelpItems(path, this.offsetOf(path, at), undefined);
    if (help === undefined) return undefined;
    const text = (parts: readonly ts.SymbolDisplayPart[]): string => ts.displayPartsToString([...parts]);
    const labels = help.items.map(
      (item) =>
        text(item.prefixDisplayParts) +
        item.parameters.map((p) => text(p.displayParts)).join(text(item.separatorDisplayParts)) +
        text(item.suffixDisplayParts),
    );
    return { labels, selected: help.selectedItemIndex, argument: help.argumentIndex };
  }

  private offsetOf(path: string, at: Position): number {
    const sourceFile = this.service.getProgram()?.getSourceFile(path);
    if (sourceFile === undefined) throw new Error(`${path} is not in the oracle's program`);
    // Columns count code points; offsets, UTF-16 units.
    let offset = sourceFile.getPositionOfLineAndCharacter(at.line - 1, 0);
    for (let column = 1; column < at.column; column++) offset += (sourceFile.text.codePointAt(offset) ?? 0) > 0xffff ? 2 : 1;
    return offset;
  }

  private keyOf(fileName: string, offset: number): string {
    const text = readFileSync(fileName, 'utf8');
    const { line, column } = positionAt(text, offset);
    return `${relative(this.ws.root, fileName).split(sep).join('/')}:${line}:${column}`;
  }
}
