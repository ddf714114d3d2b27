import type { DeclarationShape, DiagnosticRecord, ImportBinding, NameSite, SourceSyntax } from '@mcp-lsp-bridge/domain';
import ts = require('typescript');
import { headOf, shapeOf } from './declaration-shape.js';
import { importBindingsOf } from './import-bindings.js';
import { isDeclarationName, nameAt, namesSpelled, plainSpecifierOf } from './names.js';
import { isTrivia, parse, parseDiagnosticsOf } from './parse.js';
import { BUNDLED_TYPESCRIPT } from './typescript-api.js';

/** `SourceSyntax` over the TypeScript parser alone: no program, no type checker, no disk. */
export class TsSourceSyntax implements SourceSyntax {
  syntaxErrors(path: string, text: string): readonly DiagnosticRecord[] {
    return [...parseDiagnosticsOf(parse(path, text))]
      .sort((a, b) => a.start - b.start)
      .map((diagnostic) => ({
        path,
        start: diagnostic.start,
        length: diagnostic.length,
        category: 'error',
        code: diagnostic.code,
        message: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
      }));
  }

  declarationAt(path: string, text: string, offset: number): DeclarationShape | undefined {
    const sourceFile = parse(path, text);
    let found: DeclarationShape | undefined;
    const visit = (node: ts.Node): void => {
      // A node's `pos` includes its leading trivia; anything outside it cannot hold the offset.
      if (offset < node.pos || offset > node.end) return;
      const shape = shapeOf(node, sourceFile);
      if (shape !== undefined) {
        const head = headOf(node, sourceFile);
        if (head !== undefined && head.start <= offset && offset < head.end) found = shape;
      }
      ts.forEachChild(node, visit);
    };
    ts.forEachChild(sourceFile, visit);
    return found;
  }

  declarationSpanning(path: string, text: string, start: number, end: number): DeclarationShape | undefined {
    const sourceFile = parse(path, text);
    const topMost: DeclarationShape[] = [];
    const visit = (node: ts.Node): void => {
      if (node.end <= start || node.pos >= end) return;
      const shape = shapeOf(node, sourceFile);
      if (shape !== undefined && start <= shape.start && shape.end <= end) {
        topMost.push(shape);
        return;
      }
      ts.forEachChild(node, visit);
    };
    ts.forEachChild(sourceFile, visit);
    const [only, ...more] = topMost;
    if (only === undefined || more.length > 0) return undefined;
    const aroundIsTrivia =
      isTrivia(text, start, only.start) && isTrivia(text, only.end, end, [ts.SyntaxKind.SemicolonToken, ts.SyntaxKind.CommaToken]);
    return aroundIsTrivia ? only : undefined;
  }

  namesSpelled(path: string, text: string, name: string): readonly NameSite[] {
    const sourceFile = parse(path, text);
    return namesSpelled(BUNDLED_TYPESCRIPT, sourceFile, name).map((node) => {
      const start = node.getStart(sourceFile);
      return { start, length: node.end - start, isDeclaration: isDeclarationName(BUNDLED_TYPESCRIPT, node) };
    });
  }

  plainSpecifierAt(path: string, text: string, offset: number): 'import' | 'export' | undefined {
    const node = nameAt(BUNDLED_TYPESCRIPT, parse(path, text), offset);
    return node === undefined ? undefined : plainSpecifierOf(BUNDLED_TYPESCRIPT, node);
  }

  importBindings(path: string, text: string): readonly ImportBinding[] {
    return importBindingsOf(parse(path, text));
  }
}
