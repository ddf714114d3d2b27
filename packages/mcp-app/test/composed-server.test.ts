import { mkdtemp, mkdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DocumentSymbolsResult } from '@mcp-lsp-bridge/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectServer, type Connection } from './in-memory-server.js';
import { TOOL_NAMES } from '../src/tools/all-tools.js';

/**
 * Real answers of the tsservice backend through the composed server and the SDK client:
 * the recursive results validate against the published schemas, and the address forms
 * reach the domain (the schema itself refuses no combination). Expected lines and columns
 * are found in the fixture text.
 */

const CALC = `export class Calculator {
  add(a: number, b: number): number {
    return a + b;
  }

  /** Sums the values. */
  total(values: number[]): number {
    let sum = 0;
    for (const v of values) sum = this.add(sum, v);
    return sum;
  }
}

export function main(): number {
  return new Calculator().total([1, 2]);
}
`;

/** 1-based line and column of the first occurrence of `text` in CALC (ASCII fixture). */
function at(text: string): { line: number; column: number } {
  const offset = CALC.indexOf(text);
  if (offset < 0) throw new Error(`"${text}" is not in the fixture`);
  const before = CALC.slice(0, offset).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

let root = '';
let connection: Connection;

beforeAll(async () => {
  root = await realpath(await mkdtemp(join(tmpdir(), 'mcp-app-test-')));
  await mkdir(join(root, 'src'));
  await writeFile(
    join(root, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { strict: true, target: 'ES2022', module: 'NodeNext' }, include: ['src'] }),
  );
  await writeFile(join(root, 'src/calc.ts'), CALC);
  connection = await connectServer(TOOL_NAMES);
});

afterAll(async () => {
  await connection.close();
  await rm(root, { recursive: true, force: true });
});

async function call(
  name: string,
  args: Record<string, unknown>,
): Promise<{ isError?: boolean; structuredContent?: Record<string, unknown>; text: string }> {
  const result = await connection.client.callTool({ name, arguments: { workspaceRoot: root, ...args } });
  const [first] = result.content as { type: string; text: string }[];
  return { ...(result as { isError?: boolean; structuredContent?: Record<string, unknown> }), text: first?.text ?? '' };
}

describe('the composed server on the tsservice backend', () => {
  it('answers document_symbols with nested symbols and their node ids', async () => {
    const result = await call('document_symbols', { filePath: 'src/calc.ts' });
    expect(result.structuredContent).toMatchObject({ success: true, filePath: 'src/calc.ts' });
    const { symbols } = result.structuredContent as unknown as DocumentSymbolsResult;
    const calculator = symbols.find((s) => s.name === 'Calculator');
    expect(calculator).toMatchObject({ kind: 'class', nodeId: 'class:src/calc.ts:Calculator', ...at('Calculator {') });
    expect(calculator?.children?.find((s) => s.name === 'add')).toMatchObject({
      kind: 'method',
      nodeId: 'method:src/calc.ts:Calculator.add',
      ...at('add(a'),
    });
    expect(symbols.map((s) => s.nodeId)).toContain('function:src/calc.ts:main');
    expect(result.text).toContain(`  method add  L${at('add(a').line}-${at('return a + b').line + 1}  method:src/calc.ts:Calculator.add`);
  });

  it('answers call_hierarchy two levels deep for a node id, with the call sites', async () => {
    const result = await call('call_hierarchy', { nodeId: 'method:src/calc.ts:Calculator.add', direction: 'incoming', depth: 2 });
    expect(result.structuredContent).toMatchObject({
      success: true,
      direction: 'incoming',
      symbol: { name: 'add', filePath: 'src/calc.ts', ...at('add(a') },
      calls: [
        {
          name: 'total',
          nodeId: 'method:src/calc.ts:Calculator.total',
          callSites: [{ filePath: 'src/calc.ts', ...at('add(sum') }],
          calls: [{ name: 'main', nodeId: 'function:src/calc.ts:main', callSites: [{ filePath: 'src/calc.ts', ...at('total([1') }] }],
        },
      ],
      totalCalls: 2,
    });
  });

  it('answers hover for a symbol name with the signature and the documentation', async () => {
    const result = await call('hover', { filePath: 'src/calc.ts', symbol: 'Calculator.total' });
    expect(result.structuredContent).toMatchObject({ success: true, symbolName: 'total', documentation: 'Sums the values.' });
    expect(result.text).toMatch(/^```ts\n.*total\(values: number\[\]\): number\n```\nSums the values\.$/);
  });

  it('leaves an incomplete address to the domain, which names the forms', async () => {
    const result = await call('find_references', { filePath: 'src/calc.ts', line: 2 });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ success: false, error: { code: 'INVALID_INPUT' } });
    expect(JSON.stringify(result.structuredContent)).not.toContain('Input validation error');
  });

  it('answers SYMBOL_NOT_FOUND as a structured error the client accepts', async () => {
    const result = await call('go_to_definition', { filePath: 'src/calc.ts', symbol: 'Calculator.subtract' });
    expect(result.structuredContent).toMatchObject({ success: false, error: { code: 'SYMBOL_NOT_FOUND' } });
  });

  it('replaces a method body on disk and says that no diagnostics were introduced', async () => {
    const result = await call('replace_symbol_body', {
      nodeId: 'method:src/calc.ts:Calculator.add',
      mode: 'replace-body',
      replacement: 'return b + a;',
    });
    expect(result.structuredContent).toMatchObject({
      success: true,
      mode: 'replace-body',
      filePath: 'src/calc.ts',
      introducedDiagnostics: [],
      applied: true,
    });
    expect(result.text).toContain('No new diagnostics.');
    expect(await readFile(join(root, 'src/calc.ts'), 'utf8')).toContain('    return b + a;\n');
  });

  it('refuses an unknown argument with INVALID_INPUT naming the valid ones, on a writing tool, and writes nothing', async () => {
    const before = await readFile(join(root, 'src/calc.ts'), 'utf8');
    const result = await call('rename_symbol', { filePath: 'src/calc.ts', symbol: 'Calculator.total', newName: 'sum', preview: true });
    expect(result.isError).toBe(true);
    expect(result.structuredContent).toMatchObject({ success: false, error: { code: 'INVALID_INPUT' } });
    const message = (result.structuredContent?.['error'] as { message: string }).message;
    expect(message).toContain('Unknown argument "preview"');
    expect(message).toContain('rename_symbol takes workspaceRoot, nodeId, filePath, symbol, line, column, newName, dryRun');
    expect(await readFile(join(root, 'src/calc.ts'), 'utf8')).toBe(before);
  });
});
