import type { OutlineStep } from '@mcp-lsp-bridge/domain';
import { nameAt, symbolKindOfScriptElement, type TypeScriptApi } from '@mcp-lsp-bridge/ts-syntax';
import type ts from 'typescript';

/** The element kind TypeScript's navigation tree gives a node (its services' `getNodeKind`, not in the typings). */
type NodeKindOf = (node: ts.Node) => string;

/** Longer names are cut by the navigation tree (`cleanText`): left to the outline itself. */
const LONGEST_NAME = 150;

/**
 * The outline entries from the top of a file down to the declaration whose name starts at
 * `offset`, as `outlineOf` lists them for the same syntax tree (TypeScript's navigation tree as
 * typescript-language-server shapes it), found by walking up from the declaration instead of
 * building the whole file's tree. It answers only where the walk is that tree's decision without
 * doubt: plain identifiers, declarations that are statements or members of named classes,
 * interfaces and enums, and containers that are files, plain namespaces, and the bodies of named
 * functions, methods, accessors, constructors and of functions assigned to variables or
 * properties. `undefined` for anything else (an object literal, a callback, a computed or quoted
 * name, a dotted or ambient module, a function that may be merged into an ES5 class): the caller
 * then asks the whole outline. `api` is the module whose parser made `sourceFile`, of the same
 * version as the one that outlines it; the tree is bound (parents set).
 */
export function outlineAncestryOf(api: TypeScriptApi, sourceFile: ts.SourceFile, offset: number): OutlineStep[] | undefined {
  const nodeKindOf = (api as unknown as { getNodeKind?: NodeKindOf }).getNodeKind;
  if (nodeKindOf === undefined) return undefined;
  const name = nameAt(api, sourceFile, offset);
  if (name === undefined || !api.isIdentifier(name) || name.getStart(sourceFile) !== offset) return undefined;
  if ((name.parent as ts.NamedDeclaration).name !== name) return undefined;
  const walk = new AncestryWalk(api, sourceFile, nodeKindOf);
  const steps: OutlineStep[] = [];
  for (let item: ts.Node | 'top' | undefined = name.parent; item !== 'top'; item = walk.parentItem(item)) {
    if (item === undefined) return undefined;
    const step = walk.step(item);
    if (step === undefined) return undefined;
    steps.push(step);
  }
  return steps.reverse();
}

class AncestryWalk {
  constructor(
    private readonly ts: TypeScriptApi,
    private readonly sourceFile: ts.SourceFile,
    private readonly nodeKindOf: NodeKindOf,
  ) {}

  /** The outline entry of an item on the way: `undefined` when its name is not a plain one. */
  step(item: ts.Node): OutlineStep | undefined {
    const ts = this.ts;
    const kind = symbolKindOfScriptElement(this.nodeKindOf(item));
    if (ts.isConstructorDeclaration(item)) return { name: 'constructor', kind };
    const name = (item as ts.NamedDeclaration).name;
    if (name === undefined || !ts.isIdentifier(name)) return undefined;
    // An escaped identifier (`\u0061`) is named by its source text when items are merged.
    if (name.text.length > LONGEST_NAME || name.getText(this.sourceFile) !== name.text) return undefined;
    if (this.mayBeEs5Class(name.text)) return undefined;
    return { name: name.text, kind };
  }

  /** The item whose outline entry holds `item`'s: 'top' at the top of the file, `undefined` where the walk cannot tell. */
  parentItem(item: ts.Node): ts.Node | 'top' | undefined {
    const ts = this.ts;
    const parent = item.parent as ts.Node | undefined;
    if (parent === undefined) return undefined;
    if (ts.isEnumMember(item)) return ts.isEnumDeclaration(parent) ? parent : undefined;
    if (isMember(ts, item)) return ts.isClassDeclaration(parent) || ts.isInterfaceDeclaration(parent) ? parent : undefined;
    if (ts.isVariableDeclaration(item)) {
      const statement = parent.parent as ts.Node | undefined;
      return ts.isVariableDeclarationList(parent) && statement !== undefined && ts.isVariableStatement(statement)
        ? this.itemHolding(statement)
        : undefined;
    }
    if (ts.isModuleDeclaration(item)) {
      const plain = ts.isIdentifier(item.name) && item.body !== undefined && ts.isModuleBlock(item.body);
      return plain && (item.flags & ts.NodeFlags.GlobalAugmentation) === 0 ? this.itemHolding(item) : undefined;
    }
    const statement =
      ts.isFunctionDeclaration(item) || ts.isClassDeclaration(item) || ts.isInterfaceDeclaration(item) || ts.isEnumDeclaration(item);
    return statement || ts.isTypeAliasDeclaration(item) ? this.itemHolding(item) : undefined;
  }

  /**
   * The item a statement is listed under: the file, a namespace, or the function whose body it
   * is in, through blocks, branches, loops, `try` and `switch` (the navigation tree looks
   * through every statement that is not itself an item).
   */
  private itemHolding(statement: ts.Node): ts.Node | 'top' | undefined {
    const ts = this.ts;
    for (let node = statement; ;) {
      const parent = node.parent as ts.Node | undefined;
      if (parent === undefined) return undefined;
      if (ts.isSourceFile(parent)) return 'top';
      if (ts.isModuleBlock(parent)) return parent.parent;
      if (ts.isBlock(parent)) {
        const owner = this.bodyOwner(parent);
        if (owner !== undefined) return owner;
      } else if (!isThroughStatement(ts, parent)) {
        return undefined;
      }
      node = parent;
    }
  }

  /** The item whose body `block` is; `undefined` for a block that is a statement of its own (or that the walk leaves to the outline). */
  private bodyOwner(block: ts.Block): ts.Node | undefined {
    const ts = this.ts;
    const owner = block.parent as ts.Node | undefined;
    if (owner === undefined) return undefined;
    if (ts.isFunctionDeclaration(owner) || ts.isMethodDeclaration(owner) || ts.isAccessor(owner) || ts.isConstructorDeclaration(owner)) {
      return owner.body === block ? owner : undefined;
    }
    if ((ts.isArrowFunction(owner) || ts.isFunctionExpression(owner)) && owner.body === block) {
      const holder = owner.parent as ts.Node | undefined;
      // A function assigned to a variable or property is listed under that name, its body with it.
      if (holder !== undefined && (ts.isVariableDeclaration(holder) || ts.isPropertyDeclaration(holder)) && holder.initializer === owner) {
        return holder;
      }
    }
    return undefined;
  }

  /**
   * `function F() {}` with an assignment to `F.x` in the same file: the navigation tree may merge
   * them into an ES5 class named F, with the function as its constructor. Left to the outline.
   */
  private mayBeEs5Class(name: string): boolean {
    const text = this.sourceFile.text;
    let declared = false;
    let accessed = false;
    // A scan of the name's occurrences, not a regular expression: this runs for every answer.
    for (let at = text.indexOf(name); at >= 0 && !(declared && accessed); at = text.indexOf(name, at + 1)) {
      const end = at + name.length;
      if (isIdentifierChar(text, at - 1) || isIdentifierChar(text, end)) continue;
      declared ||= followsFunctionKeyword(text, at);
      const next = text[skipSpace(text, end, 1)];
      accessed ||= next === '.' || next === '[';
    }
    return declared && accessed;
  }
}

/** Whether `function` or `function*` (spaces aside) ends just before `at`. */
function followsFunctionKeyword(text: string, at: number): boolean {
  let i = skipSpace(text, at - 1, -1);
  if (text[i] === '*') i = skipSpace(text, i - 1, -1);
  const start = i - 'function'.length + 1;
  return start >= 0 && text.startsWith('function', start) && !isIdentifierChar(text, start - 1);
}

/** The first index from `at` on, going `step`, that is not white space. */
function skipSpace(text: string, at: number, step: 1 | -1): number {
  let i = at;
  while (i >= 0 && i < text.length && /\s/u.test(text[i] as string)) i += step;
  return i;
}

function isIdentifierChar(text: string, at: number): boolean {
  const c = text[at];
  return c !== undefined && /[\w$]/u.test(c);
}

function isMember(ts: TypeScriptApi, node: ts.Node): boolean {
  return (
    ts.isMethodDeclaration(node) ||
    ts.isAccessor(node) ||
    ts.isPropertyDeclaration(node) ||
    ts.isMethodSignature(node) ||
    ts.isPropertySignature(node) ||
    ts.isConstructorDeclaration(node)
  );
}

/** Statements the navigation tree looks through to the declarations inside them. */
function isThroughStatement(ts: TypeScriptApi, node: ts.Node): boolean {
  return (
    ts.isBlock(node) ||
    ts.isIfStatement(node) ||
    ts.isIterationStatement(node, false) ||
    ts.isLabeledStatement(node) ||
    ts.isTryStatement(node) ||
    ts.isCatchClause(node) ||
    ts.isSwitchStatement(node) ||
    ts.isCaseBlock(node) ||
    ts.isCaseOrDefaultClause(node)
  );
}
