import type { OutlineSymbol, SymbolKind } from '@mcp-lsp-bridge/domain';
import { BUNDLED_TYPESCRIPT as api, commonJsExports, symbolKindOfDeclaration, type CommonJsExport } from '@mcp-lsp-bridge/ts-syntax';
import type ts from 'typescript';
import { isPlaceholder } from './outline.js';

/**
 * A CommonJS module's exports in an outline, the same on every backend, whatever the service
 * made of them: TypeScript's navigation tree calls `module.exports = { … }` `<unknown>` (so its
 * members have no node id, and typescript-language-server's placeholder is dropped with its
 * members hoisted beside the functions they repeat), lists `exports.f = function f() {}` twice
 * (`f` and `f.f`), and TypeScript 7's server lists some of them and not others. Here
 * `module.exports` is one item named so, with its object's members below it
 * (`module.exports.add`), and each `exports.x = …` or `module.exports.x = …` is one item `x`
 * with what its value declares below it. Every other item is the service's, untouched. The tree
 * is a standalone parse (the bundled parser's), as both backends' outlines are.
 */
export function withCommonJsExports(sourceFile: ts.SourceFile, outline: readonly OutlineSymbol[]): OutlineSymbol[] {
  let items = [...outline];
  for (const found of commonJsExports(api, sourceFile)) {
    const start = found.assignment.getStart(sourceFile);
    const end = found.assignment.end;
    const inside = items.filter((item) => start <= item.start && item.start + item.length <= end);
    items = items.filter((item) => !inside.includes(item));
    items.push(exportItem(sourceFile, found, inside));
  }
  return items.sort((a, b) => a.start - b.start || a.nameStart - b.nameStart);
}

function exportItem(sourceFile: ts.SourceFile, found: CommonJsExport, inside: readonly OutlineSymbol[]): OutlineSymbol {
  const start = found.assignment.getStart(sourceFile);
  const nameStart = found.target.getStart(sourceFile);
  const ownItem = (item: OutlineSymbol): boolean =>
    item.nameStart === nameStart || isPlaceholder(item.name) || sameSpan(item, found.value, sourceFile);
  const unwrap = (item: OutlineSymbol): OutlineSymbol[] => (ownItem(item) ? item.children.flatMap(unwrap) : [item]);
  const children = inside.flatMap(unwrap);
  for (const member of membersOf(sourceFile, found.value)) {
    if (!children.some((child) => child.nameStart === member.nameStart)) children.push(member);
  }
  return {
    name: found.name,
    kind: kindOfValue(found.value),
    start,
    length: found.assignment.end - start,
    nameStart,
    nameLength: found.target.end - nameStart,
    children: children.sort((a, b) => a.start - b.start),
  };
}

/** The members an object literal declares, for a service that listed none of them. */
function membersOf(sourceFile: ts.SourceFile, value: ts.Expression): OutlineSymbol[] {
  if (!api.isObjectLiteralExpression(value)) return [];
  return value.properties.flatMap((member) => {
    const name = member.name;
    const kind = symbolKindOfDeclaration(member);
    if (name === undefined || kind === undefined || !(api.isIdentifier(name) || api.isStringLiteral(name))) return [];
    const start = member.getStart(sourceFile);
    const nameStart = name.getStart(sourceFile);
    return [{ name: name.text, kind, start, length: member.end - start, nameStart, nameLength: name.end - nameStart, children: [] }];
  });
}

/** As TypeScript's navigation tree names such a value: a function, a class, else a constant. */
function kindOfValue(value: ts.Expression): SymbolKind {
  if (api.isFunctionExpression(value) || api.isArrowFunction(value)) return 'function';
  if (api.isClassExpression(value)) return 'class';
  return 'constant';
}

/** The service's item for the assigned function or class expression itself (it repeats the export). */
function sameSpan(item: OutlineSymbol, value: ts.Expression, sourceFile: ts.SourceFile): boolean {
  return item.start === value.getStart(sourceFile) && item.start + item.length === value.end;
}
