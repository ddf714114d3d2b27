import { BUNDLED_TYPESCRIPT as api, declarationKinds, nameAt } from '@mcp-lsp-bridge/ts-syntax';
import type ts from 'typescript';

/**
 * A declaration's names from the top of its file down (`['Calculator', 'add']`): what
 * stays the same between a source file and the declaration file built from it, where offsets
 * do not. `undefined` when no declaration is named at `offset` or it is local to a function
 * (nothing of it is in a declaration file).
 */
export function declarationChain(sourceFile: ts.SourceFile, offset: number): string[] | undefined {
  const name = nameAt(api, sourceFile, offset);
  if (name === undefined || !isNamedDeclaration(name.parent, name)) return undefined;
  const chain = [name.text];
  for (let node = name.parent.parent; !api.isSourceFile(node); node = node.parent) {
    if (api.isFunctionLike(node) || api.isBlock(node)) return undefined;
    const own = api.getNameOfDeclaration(node as ts.Declaration);
    if (own !== undefined && declarationKinds(api).has(node.kind) && api.isIdentifier(own)) chain.unshift(own.text);
  }
  return chain;
}

/** The start of every name of a declaration with the names of `chain` in `sourceFile` (overloads and merged declarations: several). */
export function findByChain(sourceFile: ts.SourceFile, chain: readonly string[]): number[] {
  const found: number[] = [];
  const visit = (node: ts.Node, depth: number): void => {
    const name = declarationKinds(api).has(node.kind) ? api.getNameOfDeclaration(node as ts.Declaration) : undefined;
    if (name === undefined) {
      // Statements, declaration lists, module blocks: the same level. Function bodies hold locals only.
      if (!api.isFunctionLike(node) && !api.isBlock(node)) api.forEachChild(node, (child) => visit(child, depth));
      return;
    }
    if (!api.isIdentifier(name) || name.text !== chain[depth]) return;
    if (depth === chain.length - 1) found.push(name.getStart(sourceFile));
    else api.forEachChild(node, (child) => visit(child, depth + 1));
  };
  api.forEachChild(sourceFile, (child) => visit(child, 0));
  return found;
}

function isNamedDeclaration(node: ts.Node, name: ts.Node): boolean {
  return declarationKinds(api).has(node.kind) && api.getNameOfDeclaration(node as ts.Declaration) === name;
}
