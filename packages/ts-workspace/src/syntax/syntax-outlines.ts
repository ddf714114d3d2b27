import ts = require('typescript');
import type { FileStore } from '@mcp-lsp-bridge/workspace';

/** TypeScript's own navigation tree of a syntax tree, where the bundled module exposes it (it is not in its typings). */
const navigationTreeOf = (
  ts as unknown as { NavigationBar?: { getNavigationTree?: (file: ts.SourceFile, token: ts.CancellationToken) => ts.NavigationTree } }
).NavigationBar?.getNavigationTree;

const NEVER_CANCELLED: ts.CancellationToken = { isCancellationRequested: () => false, throwIfCancellationRequested: () => undefined };

/**
 * Navigation trees from the parser alone. TypeScript's language service builds a file's
 * navigation tree from its syntax tree, with no program: a service in syntax-only mode over
 * the file store answers an outline without a project, a config or a scan of the workspace.
 * It keeps the syntax tree of the last file asked about, no more.
 */
export class SyntaxOutlines {
  private readonly service: ts.LanguageService;

  constructor(files: FileStore) {
    const host: ts.LanguageServiceHost = {
      getScriptFileNames: () => [],
      getScriptVersion: (file) => files.version(file) ?? '',
      getScriptSnapshot: (file) => {
        const text = files.text(file);
        return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
      },
      getCurrentDirectory: () => '/',
      getCompilationSettings: () => ({}),
      getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
      fileExists: (file) => files.fileExists(file),
      readFile: (file) => files.text(file),
    };
    this.service = ts.createLanguageService(host, undefined, ts.LanguageServiceMode.Syntactic);
  }

  /**
   * The navigation tree of the file's text on disk (which must be readable). `parsed`: the
   * syntax tree a program of the bundled compiler already holds for that very text, which the
   * tree is built from instead of parsing the file again (the parse is most of an outline's
   * cost, and the node ids of an answer need the outline of every file it names).
   */
  navigationTree(file: string, parsed?: ts.SourceFile): ts.NavigationTree {
    if (parsed !== undefined && navigationTreeOf !== undefined) return navigationTreeOf(parsed, NEVER_CANCELLED);
    return this.service.getNavigationTree(file);
  }
}
