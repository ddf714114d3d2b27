import { scriptKindOf } from '@mcp-lsp-bridge/ts-syntax';
import { BridgeException, unparsableFile } from '@mcp-lsp-bridge/domain';
import ts = require('typescript');
import { isStackOverflow } from './unparsable.js';

/**
 * Syntax trees parsed without a program (no config, no checker): enough to find identifiers
 * and declaration shapes. The most recently used few are kept, each valid for one text.
 * Parent pointers are set, so a node can look at its declaration (the LSP backend's syntax
 * rules need them; the in-process backend only pays a little more per parse).
 */
export class SyntaxCache {
  private readonly trees = new Map<string, { text: string; sourceFile: ts.SourceFile }>();

  constructor(
    private readonly max = 64,
    /** Told of a text the parser ran out of stack on, before the call is refused with FILE_UNREADABLE. */
    private readonly onOverflow: (file: string, text: string) => void = () => undefined,
  ) {}

  get(file: string, text: string): ts.SourceFile {
    const cached = this.trees.get(file);
    if (cached !== undefined && cached.text === text) {
      this.trees.delete(file);
      this.trees.set(file, cached);
      return cached.sourceFile;
    }
    const sourceFile = this.parse(file, text);
    this.trees.delete(file);
    this.trees.set(file, { text, sourceFile });
    for (const oldest of this.trees.keys()) {
      if (this.trees.size <= this.max) break;
      this.trees.delete(oldest);
    }
    return sourceFile;
  }

  /**
   * The tree of a text the file does not hold (an edit not yet written): the kept one if it is
   * of that text, else parsed and not kept, since it would take the place of the tree of what
   * the file holds, which the next call needs again.
   */
  transient(file: string, text: string): ts.SourceFile {
    const cached = this.trees.get(file);
    return cached !== undefined && cached.text === text ? cached.sourceFile : this.parse(file, text);
  }

  clear(): void {
    this.trees.clear();
  }

  private parse(file: string, text: string): ts.SourceFile {
    try {
      return ts.createSourceFile(
        file,
        text,
        { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone },
        true,
        scriptKindOf(file),
      );
    } catch (error) {
      if (!isStackOverflow(error)) throw error;
      this.onOverflow(file, text);
      throw new BridgeException(unparsableFile(file));
    }
  }
}
