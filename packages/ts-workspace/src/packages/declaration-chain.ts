import { BUNDLED_TYPESCRIPT as api, declarationKinds, nameAt } from '@mcp-lsp-bridge/ts-syntax';
import type ts from 'typescript';

/**
 * A declaration's names from the top of its file down (`['Calculator', 'add']`): what
 * stays the same between a source file and the declaration file built from it, where offsets
 * do not. `undefined` when no declaration is named at `offset` or it is local to a function
 * (nothing of it is in a declaration file).
 */
export function declarationChain(sourceFile: ts.SourceFile, offset: number): string[] | undefined {
  const constructor = constructorAt(sourceFile, offset);
  if (constructor !== undefined) {
    const owner = api.isClassLike(constructor.parent)
      ? declarationChain(sourceFile, constructor.parent.name?.getStart(sourceFile) ?? -1)
      : undefined;
    return owner === undefined ? undefined : [...owner, CONSTRUCTOR];
  }
  const name = nameAt(api, sourceFile, offset);
  if (name === undefined || !isNamedDeclaration(name.parent, name)) return undefined;
  // A parameter property (`constructor(readonly side: number)`) is a member of its class, as its declaration file writes it.
  if (api.isParameterPropertyDeclaration(name.parent, name.parent.parent) && api.isClassLike(name.parent.parent.parent)) {
    const owner = declarationChain(sourceFile, name.parent.parent.parent.name?.getStart(sourceFile) ?? -1);
    return owner === undefined ? undefined : [...owner, name.text];
  }
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
    if (api.isConstructorDeclaration(node)) {
      const keyword = keywordOf(node, sourceFile);
      if (depth === chain.length - 1 && chain[depth] === CONSTRUCTOR && keyword !== undefined) found.push(keyword.getStart(sourceFile));
      // Its parameter properties are members of the class, at the constructor's level.
      for (const parameter of depth === chain.length - 1 ? node.parameters : []) {
        if (api.isParameterPropertyDeclaration(parameter, node) && api.isIdentifier(parameter.name) && parameter.name.text === chain[depth])
          found.push(parameter.name.getStart(sourceFile));
      }
      return;
    }
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

/**
 * A constructor has no name: in a chain it is `constructor` under its class, and its place is
 * its keyword (where TypeScript puts a definition of `new C()`).
 */
const CONSTRUCTOR = 'constructor';

function keywordOf(node: ts.ConstructorDeclaration, sourceFile: ts.SourceFile): ts.Node | undefined {
  return node.getChildren(sourceFile).find((child) => child.kind === api.SyntaxKind.ConstructorKeyword);
}

/** The constructor whose keyword is at `offset`. */
function constructorAt(sourceFile: ts.SourceFile, offset: number): ts.ConstructorDeclaration | undefined {
  let found: ts.ConstructorDeclaration | undefined;
  const visit = (node: ts.Node): void => {
    if (found !== undefined || offset < node.getFullStart() || offset >= node.end) return;
    if (api.isConstructorDeclaration(node) && keywordOf(node, sourceFile)?.getStart(sourceFile) === offset) found = node;
    else api.forEachChild(node, visit);
  };
  api.forEachChild(sourceFile, visit);
  return found;
}

/**
 * The place of a constructor (its keyword, where TypeScript puts a definition of `new C()`)
 * named at `offset`: its keyword, or its first parameter's name, where a declaration map puts
 * a constructor of build output (`constructor(side: number);`) and a server that follows the
 * map answers. `undefined` anywhere else.
 */
export function constructorPlace(sourceFile: ts.SourceFile, offset: number): { start: number; length: number } | undefined {
  if (constructorAt(sourceFile, offset) !== undefined) return { start: offset, length: CONSTRUCTOR.length };
  const name = nameAt(api, sourceFile, offset);
  const parameter = name?.parent;
  if (parameter === undefined || !api.isParameter(parameter) || parameter.name !== name) return undefined;
  const constructor = parameter.parent;
  if (!api.isConstructorDeclaration(constructor) || constructor.parameters[0] !== parameter) return undefined;
  const keyword = keywordOf(constructor, sourceFile);
  return keyword === undefined ? undefined : { start: keyword.getStart(sourceFile), length: CONSTRUCTOR.length };
}

function isNamedDeclaration(node: ts.Node, name: ts.Node): boolean {
  return declarationKinds(api).has(node.kind) && api.getNameOfDeclaration(node as ts.Declaration) === name;
}
