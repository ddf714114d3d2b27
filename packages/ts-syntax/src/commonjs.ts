import type ts from 'typescript';
import type { NameNode } from './names.js';
import type { TypeScriptApi } from './typescript-api.js';

/*
 * CommonJS as TypeScript's binder reads a JavaScript file: `module.exports = …` gives the module
 * its value, `exports.x = …` and `module.exports.x = …` each declare an export property, an
 * object of shorthand members only (`module.exports = { add, sub }`) declares each member an
 * export alias, exactly as `export { add, sub }` would, and `const { add } = require('./m')`
 * declares an import alias. Syntax only: whether a name really is exported is the checker's or
 * the server's answer; this says where the constructs are.
 */

/** One top-level export assignment of a CommonJS module. */
export interface CommonJsExport {
  /** `value`: `module.exports = …`; `property`: `exports.x = …` or `module.exports.x = …`. */
  readonly form: 'value' | 'property';
  /** `module.exports`, or the property's name. */
  readonly name: string;
  /** The assignment, `module.exports = …` whole. */
  readonly assignment: ts.BinaryExpression;
  /** What the assignment names: the `module.exports` access, or the property's identifier. */
  readonly target: ts.Node;
  /** The value assigned (the rightmost of `module.exports = exports = …`). */
  readonly value: ts.Expression;
}

/** The top-level export assignments of a JavaScript file, in source order; none in a TypeScript file. */
export function commonJsExports(api: TypeScriptApi, sourceFile: ts.SourceFile): CommonJsExport[] {
  if (!isJavaScript(api, sourceFile)) return [];
  const found: CommonJsExport[] = [];
  for (const statement of sourceFile.statements) {
    if (!api.isExpressionStatement(statement) || !isAssignment(api, statement.expression)) continue;
    const assignment = statement.expression;
    const value = rightmostValue(api, assignment);
    const left = assignment.left;
    if (isModuleExports(api, left)) {
      found.push({ form: 'value', name: 'module.exports', assignment, target: left, value });
    } else if (api.isPropertyAccessExpression(left) && api.isIdentifier(left.name) && isExportsObject(api, left.expression)) {
      found.push({ form: 'property', name: left.name.text, assignment, target: left.name, value });
    }
  }
  return found;
}

/**
 * Whether `node` is a member of `module.exports = { a, b }`, an object of shorthand members only:
 * TypeScript binds each such member as an export alias of the name it repeats.
 */
export function isCommonJsExportAlias(api: TypeScriptApi, node: ts.Node): boolean {
  const member = node.parent as ts.Node | undefined;
  if (member === undefined || !api.isShorthandPropertyAssignment(member) || member.name !== node) return false;
  const object = member.parent;
  if (!object.properties.every((p) => api.isShorthandPropertyAssignment(p))) return false;
  const assignment = assignmentOf(api, object);
  return assignment !== undefined && isModuleExports(api, assignment.left);
}

/**
 * Whether `node` is a shorthand name destructured from a `require` call, `const { a } = require('./m')`:
 * TypeScript binds it as an import alias of the module's export `a`.
 */
export function isCommonJsImportAlias(api: TypeScriptApi, node: ts.Node): boolean {
  const element = node.parent as ts.Node | undefined;
  if (element === undefined || !api.isBindingElement(element) || element.name !== node || element.propertyName !== undefined) return false;
  const pattern = element.parent;
  const declaration = pattern.parent as ts.Node;
  if (!api.isObjectBindingPattern(pattern) || !api.isVariableDeclaration(declaration) || declaration.initializer === undefined)
    return false;
  return isJavaScript(api, node.getSourceFile()) && isRequireCall(api, declaration.initializer);
}

/**
 * The export property a function or class expression's own name is the value of
 * (`exports.scale = function scale() {}` → `scale` of `exports.scale`): where TypeScript's
 * definition of a use lands, though the symbol the module exports is the property.
 */
export function exportOfValueName(api: TypeScriptApi, name: NameNode): ts.Identifier | undefined {
  const value = name.parent as ts.Node | undefined;
  if (value === undefined || !(api.isFunctionExpression(value) || api.isClassExpression(value)) || value.name !== name) return undefined;
  const left = assignmentOf(api, value)?.left;
  if (left === undefined || !api.isPropertyAccessExpression(left) || !api.isIdentifier(left.name)) return undefined;
  return isExportsObject(api, left.expression) ? left.name : undefined;
}

/**
 * Whether `node` is the property a top-level `exports.f = f` (or `module.exports.f = f`) assigns a
 * name to: the export stands for what that name declares, though TypeScript's definition of a
 * destructured `require` of it stops at the property.
 */
export function isCommonJsExportOfName(api: TypeScriptApi, node: ts.Node): boolean {
  const access = node.parent as ts.Node | undefined;
  if (access === undefined || !api.isPropertyAccessExpression(access) || access.name !== node) return false;
  const assignment = access.parent as ts.Node | undefined;
  if (assignment === undefined || !isAssignment(api, assignment) || assignment.left !== access) return false;
  const statement = assignment.parent as ts.Node | undefined;
  if (statement === undefined || !api.isExpressionStatement(statement) || !api.isSourceFile(statement.parent)) return false;
  return isJavaScript(api, statement.parent) && isExportsObject(api, access.expression) && api.isIdentifier(assignment.right);
}

/** Whether the file exports `name` through CommonJS: a property of that name, or a shorthand member of `module.exports`. */
export function exportsCommonJsName(api: TypeScriptApi, sourceFile: ts.SourceFile, name: string): boolean {
  return commonJsExports(api, sourceFile).some(
    (e) =>
      (e.form === 'property' && e.name === name) ||
      (e.form === 'value' &&
        api.isObjectLiteralExpression(e.value) &&
        e.value.properties.some((p) => api.isShorthandPropertyAssignment(p) && p.name.text === name)),
  );
}

function isJavaScript(api: TypeScriptApi, sourceFile: ts.SourceFile): boolean {
  return (sourceFile.flags & api.NodeFlags.JavaScriptFile) !== 0;
}

function isAssignment(api: TypeScriptApi, node: ts.Node): node is ts.BinaryExpression {
  return api.isBinaryExpression(node) && node.operatorToken.kind === api.SyntaxKind.EqualsToken;
}

/** `module.exports = exports = {…}` (kept so that `exports` still names the module's value) assigns the object. */
function rightmostValue(api: TypeScriptApi, assignment: ts.BinaryExpression): ts.Expression {
  let value = assignment.right;
  while (isAssignment(api, value)) value = value.right;
  return value;
}

/**
 * The top-level assignment statement of a JavaScript file that assigns `value` (through a chain
 * `a = b = value`): the only place the binder reads CommonJS exports from.
 */
function assignmentOf(api: TypeScriptApi, value: ts.Node): ts.BinaryExpression | undefined {
  if (!isJavaScript(api, value.getSourceFile())) return undefined;
  let inner: ts.Node = value;
  let parent = inner.parent as ts.Node | undefined;
  while (parent !== undefined && isAssignment(api, parent) && parent.right === inner) {
    const statement = parent.parent as ts.Node | undefined;
    if (statement !== undefined && api.isExpressionStatement(statement)) return api.isSourceFile(statement.parent) ? parent : undefined;
    inner = parent;
    parent = parent.parent;
  }
  return undefined;
}

function isModuleExports(api: TypeScriptApi, node: ts.Node): node is ts.PropertyAccessExpression {
  return (
    api.isPropertyAccessExpression(node) &&
    api.isIdentifier(node.expression) &&
    node.expression.text === 'module' &&
    api.isIdentifier(node.name) &&
    node.name.text === 'exports'
  );
}

function isExportsObject(api: TypeScriptApi, node: ts.Node): boolean {
  return (api.isIdentifier(node) && node.text === 'exports') || isModuleExports(api, node);
}

function isRequireCall(api: TypeScriptApi, node: ts.Node): boolean {
  return (
    api.isCallExpression(node) &&
    api.isIdentifier(node.expression) &&
    node.expression.text === 'require' &&
    node.arguments.length === 1 &&
    api.isStringLiteralLike(node.arguments[0] as ts.Node)
  );
}
