import type { DeclarationShape, DiagnosticRecord, NameSite, SourceSyntax } from '@mcp-lsp-bridge/domain';
import { scanIdentifiers } from './identifier-scan.js';
import type { Lexicon } from './language-profile.js';

/**
 * The `SourceSyntax` port for a language the bridge has no parser for: names are found by the
 * language's lexicon (what a rename's conflict check needs: every name spelled like the new
 * one), declarations are not known (the outline comes from the server), and `parses` says so,
 * so a replaced body, which must be parsed to be checked, is refused rather than written unchecked.
 */
export class LexicalSyntax implements SourceSyntax {
  constructor(private readonly lexiconOf: (path: string) => Lexicon) {}

  parses(): boolean {
    return false;
  }

  syntaxErrors(): readonly DiagnosticRecord[] {
    return [];
  }

  declarationAt(): DeclarationShape | undefined {
    return undefined;
  }

  declarationSpanning(): DeclarationShape | undefined {
    return undefined;
  }

  namesSpelled(path: string, text: string, name: string): readonly NameSite[] {
    return scanIdentifiers(this.lexiconOf(path), path, text, 0, text.length)
      .filter((id) => id.text === name)
      .map((id) => ({ start: id.start, length: id.length, isDeclaration: false }));
  }

  plainSpecifierAt(): 'import' | 'export' | undefined {
    return undefined;
  }
}
