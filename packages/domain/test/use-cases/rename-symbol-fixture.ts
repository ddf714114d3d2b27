import type { RenameSymbolInput } from '../../src/model/inputs.js';
import type { LineChange } from '../../src/model/results.js';
import { ROOT, Workspace, locate } from '../workspace-fixture.js';

export const TOTAL_TS = 'export function total(items: number[]) {\n  return items.length;\n}\n';
export const B_TS = 'import { total } from "../../src/use-cases/total";\r\nconsole.log(total([1]), total([]));\r\n';
export const C_TS = 'import { total } from "../../src/total";\nexport const t = total;\n';

/** total.ts declares `total`; b.ts (CRLF) and z/c.ts use it. */
export function workspace(): { ws: Workspace; totalTs: string; b: string; c: string } {
  const ws = new Workspace();
  const totalTs = ws.file('src/total.ts', TOTAL_TS);
  const c = ws.file('src/z/c.ts', C_TS);
  const b = ws.file('src/b.ts', B_TS);
  ws.symbols.addSymbolByText('total', [totalTs, c, b]);
  return { ws, totalTs, b, c };
}

export function input(newName: string, filePath = 'src/b.ts', text = B_TS, needle = 'total(['): RenameSymbolInput {
  const { line, column } = locate(text, needle);
  return { workspaceRoot: ROOT, filePath, line, column, newName };
}

/** The changed lines of `text` when every `from` becomes `to`, worked out from the fixture. */
export function lineChanges(text: string, from: string, to: string): LineChange[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line, i) => ({ line: i + 1, oldText: line, newText: line.replaceAll(from, to) }))
    .filter((change) => change.oldText !== change.newText);
}

export const count = (text: string, word: string): number => text.split(word).length - 1;
