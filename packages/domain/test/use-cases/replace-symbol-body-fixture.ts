/** The calculator file, ports and helpers the replace_symbol_body use-case tests share. */
import { expect } from 'vitest';
import type { ReplaceSymbolBodyInput } from '../../src/model/inputs.js';
import type { FileChange } from '../../src/ports/file-writer.js';
import type { DiagnosticRecord, OutlineSymbol } from '../../src/ports/symbol-index.js';
import { RecordingFileWriter } from '../../src/testing/index.js';
import { toyDeclarations, toyOutline } from '../declaration-fixture.js';
import { ROOT, Workspace, locate } from '../workspace-fixture.js';
import type { BridgePorts } from '../../src/use-cases/ports.js';

export const CALC_TS = `/** A calculator. */
export class Calculator {
  total = 0;

  /** Adds. */
  add(a: number, b: number): number {
    return a + b;
  }

  scale = (n: number) => n * 2;
}

export function area(r: number): number;
export function area(w: number, h: number): number;
export function area(a: number, b?: number): number {
  return b === undefined ? a * a : a * b;
}
`;
export const ADD_BODY = '{\n    return a + b;\n  }';
export const ADD_METHOD = `add(a: number, b: number): number ${ADD_BODY}`;

/** A writer that, like the disk, lets the index see what was written (text, outline, diagnostics). */
export class SyncingWriter extends RecordingFileWriter {
  diagnosticsAfter: DiagnosticRecord[] | undefined;

  constructor(
    private readonly ws: Workspace,
    /** How the index outlines a written text (the toy TypeScript's by default). */
    private readonly outlineOf: (text: string) => OutlineSymbol[] = toyOutline,
  ) {
    super();
  }

  override async writeAll(workspaceRoot: string, changes: readonly FileChange[]): Promise<void> {
    await super.writeAll(workspaceRoot, changes);
    for (const change of changes) {
      this.ws.file(change.path, change.newText);
      this.ws.symbols.outlines.set(change.path, this.outlineOf(change.newText));
      if (this.diagnosticsAfter !== undefined) this.ws.symbols.fileDiagnostics.set(change.path, this.diagnosticsAfter);
    }
  }
}

export function workspace(text = CALC_TS): { ws: Workspace; path: string; ports: BridgePorts; writer: SyncingWriter } {
  const ws = new Workspace();
  const path = ws.file('src/calc.ts', text);
  ws.syntax.derive = toyDeclarations;
  ws.symbols.outlines.set(path, toyOutline(text));
  const writer = new SyncingWriter(ws);
  return { ws, path, ports: { ...ws.ports, writer }, writer };
}

export function input(extra: Partial<ReplaceSymbolBodyInput>): ReplaceSymbolBodyInput {
  return {
    workspaceRoot: ROOT,
    filePath: 'src/calc.ts',
    symbol: 'Calculator.add',
    mode: 'replace-body',
    replacement: 'return b + a;',
    ...extra,
  };
}

/** The file as written: one change to `path`, computed from `expectedText`. */
export function writtenText(writer: RecordingFileWriter, path: string, expectedText = CALC_TS): string {
  expect(writer.written).toHaveLength(1);
  const [change] = writer.written[0] ?? [];
  expect(change?.path).toBe(path);
  expect(change?.expectedText).toBe(expectedText);
  return change?.newText ?? '';
}

export function lineOf(text: string, needle: string): number {
  return locate(text, needle).line;
}
