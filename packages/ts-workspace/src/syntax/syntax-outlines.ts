import ts from 'typescript';
import type { FileStore } from '@mcp-lsp-bridge/workspace';

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

  /** The navigation tree of the file's text on disk (which must be readable). */
  navigationTree(file: string): ts.NavigationTree {
    return this.service.getNavigationTree(file);
  }
}
