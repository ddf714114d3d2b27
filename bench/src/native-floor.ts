import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { LineIndex } from '@mcp-lsp-bridge/domain';
import { commandOf, tsgoServer } from '@mcp-lsp-bridge/lsp-adapter';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import type { SampledSymbol } from './sample.js';

/** TypeScript 7's own answers, asked of its server directly: the floor of the `lsp-tsgo` system. */
export interface NativeFloor {
  readonly warmDefMs: readonly number[];
  readonly warmRefsMs: readonly number[];
}

/**
 * TypeScript 7's server (`tsc --lsp --stdio`, the bundled one the bridge runs) driven by a bare
 * LSP client: each sampled file opened once, then the same warm passes as the bench's
 * (`textDocument/references` then `textDocument/definition` per symbol), each timed as one
 * JSON-RPC round trip. What the bridge adds on `lsp-tsgo` is measured against this.
 */
export async function runNativeFloor(root: string, sample: readonly SampledSymbol[]): Promise<NativeFloor> {
  const { command, args } = commandOf(tsgoServer);
  const child = spawn(command, [...args], { cwd: root, stdio: ['pipe', 'pipe', 'ignore'] });
  const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  connection.listen();
  try {
    const rootUri = pathToFileURL(root).href;
    await connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri,
      workspaceFolders: [{ uri: rootUri, name: 'bench' }],
      capabilities: { textDocument: { definition: { linkSupport: false } } },
    });
    await connection.sendNotification('initialized', {});
    const opened = new Map<string, LineIndex>();
    const at = (symbol: SampledSymbol): { textDocument: { uri: string }; position: { line: number; character: number } } => {
      const file = join(root, symbol.filePath);
      const uri = pathToFileURL(file).href;
      let lines = opened.get(file);
      if (lines === undefined) {
        lines = new LineIndex(readFileSync(file, 'utf8'));
        opened.set(file, lines);
        void connection.sendNotification('textDocument/didOpen', {
          textDocument: { uri, languageId: 'typescript', version: 1, text: lines.text },
        });
      }
      const offset = lines.offsetOf({ line: symbol.line, column: symbol.column }) ?? 0;
      return { textDocument: { uri }, position: lines.utf16PositionOf(offset) };
    };
    const timed = async (method: string, params: object): Promise<number> => {
      const t0 = performance.now();
      await connection.sendRequest(method, params);
      return performance.now() - t0;
    };
    // Every sampled file open before the first request, which loads the project: not a warm figure.
    for (const symbol of sample) at(symbol);
    const first = sample[0];
    if (first !== undefined)
      await connection.sendRequest('textDocument/references', { ...at(first), context: { includeDeclaration: true } });
    const warmRefsMs: number[] = [];
    const warmDefMs: number[] = [];
    for (const symbol of sample) {
      warmRefsMs.push(await timed('textDocument/references', { ...at(symbol), context: { includeDeclaration: true } }));
      warmDefMs.push(await timed('textDocument/definition', at(symbol)));
    }
    await connection.sendRequest('shutdown');
    await connection.sendNotification('exit');
    return { warmDefMs, warmRefsMs };
  } finally {
    connection.dispose();
    child.kill();
  }
}
