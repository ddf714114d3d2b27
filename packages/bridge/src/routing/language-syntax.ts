import {
  SUPPORTED_EXTENSIONS,
  type DeclarationShape,
  type DiagnosticRecord,
  type ImportBinding,
  type NameSite,
  type SourceSyntax,
} from '@mcp-lsp-bridge/domain';
import { LexicalSyntax, lexiconOf } from '@mcp-lsp-bridge/lsp-adapter/profiles';

/**
 * The parser port for every language: TypeScript's parser for TypeScript and JavaScript, the
 * lexical stand-in (names only, no declarations, `parses` false) for the others.
 */
export class LanguageSyntax implements SourceSyntax {
  private readonly lexical = new LexicalSyntax(lexiconOf);

  constructor(private readonly typescript: SourceSyntax) {}

  parses(path: string): boolean {
    return this.of(path) === this.typescript && (this.typescript.parses?.(path) ?? true);
  }

  syntaxErrors(path: string, text: string): readonly DiagnosticRecord[] {
    return this.of(path).syntaxErrors(path, text);
  }

  declarationAt(path: string, text: string, offset: number): DeclarationShape | undefined {
    return this.of(path).declarationAt(path, text, offset);
  }

  declarationSpanning(path: string, text: string, start: number, end: number): DeclarationShape | undefined {
    return this.of(path).declarationSpanning(path, text, start, end);
  }

  namesSpelled(path: string, text: string, name: string): readonly NameSite[] {
    return this.of(path).namesSpelled(path, text, name);
  }

  plainSpecifierAt(path: string, text: string, offset: number): 'import' | 'export' | undefined {
    return this.of(path).plainSpecifierAt(path, text, offset);
  }

  importBindings(path: string, text: string): readonly ImportBinding[] {
    return this.of(path).importBindings?.(path, text) ?? [];
  }

  private of(path: string): SourceSyntax {
    const lower = path.toLowerCase();
    return SUPPORTED_EXTENSIONS.some((ext) => lower.endsWith(ext)) ? this.typescript : this.lexical;
  }
}
