import type { ImportBinding } from '@mcp-lsp-bridge/domain';
import ts = require('typescript');

/** The names each import declaration of the file binds, with the spans that remove one or the whole statement. */
export function importBindingsOf(sourceFile: ts.SourceFile): ImportBinding[] {
  const text = sourceFile.text;
  const found: ImportBinding[] = [];
  for (const statement of sourceFile.statements) {
    const clause = ts.isImportDeclaration(statement) ? statement.importClause : undefined;
    if (clause === undefined) continue;
    const whole = { start: statement.getStart(sourceFile), end: lineEnd(text, statement.end) };
    const add = (name: ts.Identifier, alone: { start: number; end: number }): void => {
      const start = name.getStart(sourceFile);
      found.push({ name: name.text, start, length: name.end - start, statement: whole, alone });
    };
    const bindings = clause.namedBindings;
    if (clause.name !== undefined) {
      // `import a, { b } from`: `a, ` goes; alone, the whole statement.
      add(clause.name, bindings === undefined ? whole : { start: clause.name.getStart(sourceFile), end: bindings.getStart(sourceFile) });
    }
    if (bindings === undefined) continue;
    if (ts.isNamespaceImport(bindings)) {
      add(bindings.name, clause.name === undefined ? whole : { start: clause.name.end, end: bindings.end });
      continue;
    }
    const elements = bindings.elements;
    elements.forEach((element, i) => {
      const next = elements[i + 1];
      const previous = elements[i - 1];
      const start = element.getStart(sourceFile);
      // The comma after it goes with it; the last one takes the comma before it.
      const alone =
        next !== undefined
          ? { start, end: next.getStart(sourceFile) }
          : previous !== undefined
            ? { start: previous.end, end: element.end }
            : clause.name !== undefined
              ? { start: clause.name.end, end: bindings.end }
              : whole;
      add(element.name, alone);
    });
  }
  return found;
}

/** The end of the line `offset` is on, its line break included, when only whitespace follows; else `offset`. */
function lineEnd(text: string, offset: number): number {
  let end = offset;
  while (end < text.length && (text[end] === ' ' || text[end] === '\t')) end++;
  if (text[end] === '\r' && text[end + 1] === '\n') return end + 2;
  if (text[end] === '\n') return end + 1;
  return end === text.length ? end : offset;
}
