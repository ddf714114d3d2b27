import { describe, expect, it } from 'vitest';
import { BridgeException, bridgeError, isToolError, type ToolError } from '../../src/errors/bridge-error.js';
import { ErrorCode } from '../../src/errors/error-codes.js';
import type { PositionInput } from '../../src/model/inputs.js';
import { neverAborted } from '../../src/testing/index.js';
import { toyDeclarations } from '../declaration-fixture.js';
import { between, outlineEntry } from '../outline-fixture.js';
import { ROOT, Workspace, errorOf, locate } from '../workspace-fixture.js';
import { addressOf, resolvePositionQuery, type PositionQuery } from '../../src/use-cases/resolve-address.js';

const CALC_TS = `export class Calculator {
  constructor(private readonly base = 0) {}

  add(a: number, b: number): number {
    return this.base + a + b;
  }
}

export class Adder {
  add(a: number): number {
    return a;
  }
}

export function area(r: number): number;
export function area(w: number, h: number): number;
export function area(a: number, b?: number): number {
  return b === undefined ? a * a : a * b;
}

export namespace Outer {
  export namespace Inner {
    export function method(): void {}
  }
}
`;

const CTOR = 'constructor(private readonly base = 0) {}';
const CALC_ADD = between(CALC_TS, 'add(a: number, b', '\n  }');
const ADDER_ADD = between(CALC_TS, 'add(a: number):', '\n  }');

function workspace(): Workspace {
  const ws = new Workspace();
  const calc = ws.file('src/calc.ts', CALC_TS);
  ws.file('src/other.ts', 'export const other = 1;\n');
  ws.file('src/empty.ts', '// nothing here\n');
  const e = (kind: Parameters<typeof outlineEntry>[1], name: string, declaration: string, options = {}): ReturnType<typeof outlineEntry> =>
    outlineEntry(CALC_TS, kind, name, declaration, options);
  ws.symbols.outlines.set(calc, [
    e('class', 'Calculator', between(CALC_TS, 'export class Calculator', '\n}'), {
      children: [e('constructor', 'constructor', CTOR, { nameless: true }), e('method', 'add', CALC_ADD)],
    }),
    e('class', 'Adder', between(CALC_TS, 'export class Adder', '\n}'), { children: [e('method', 'add', ADDER_ADD)] }),
    e('function', 'area', 'export function area(r: number): number;'),
    e('function', 'area', 'export function area(w: number, h: number): number;'),
    e('function', 'area', between(CALC_TS, 'export function area(a', '\n}')),
    e('module', 'Outer', between(CALC_TS, 'export namespace Outer', '\n}'), {
      children: [
        e('module', 'Inner', between(CALC_TS, 'export namespace Inner', '\n  }'), {
          children: [e('function', 'method', 'export function method(): void {}')],
        }),
      ],
    }),
  ]);
  return ws;
}

async function resolve(ws: Workspace, input: Omit<PositionInput, 'workspaceRoot'>): Promise<PositionQuery | ToolError> {
  return resolvePositionQuery(ws.ports, { workspaceRoot: ROOT, ...input }, neverAborted);
}

async function resolved(ws: Workspace, input: Omit<PositionInput, 'workspaceRoot'>): Promise<PositionQuery> {
  const query = await resolve(ws, input);
  if (isToolError(query)) throw new Error(`expected a target, got ${query.error.code}: ${query.error.message}`);
  return query;
}

/** Where the name is: its offset and text. */
function nameAt(needle: string, name: string, nth = 0): { start: number; text: string } {
  return { start: locate(CALC_TS, needle, nth).offset + needle.indexOf(name), text: name };
}

describe('addressOf', () => {
  const base = { workspaceRoot: ROOT };

  it('refuses an input without any address with INVALID_INPUT', () => {
    const error = errorOf(addressOf({ ...base, filePath: 'src/calc.ts' }));
    expect(error.code).toBe(ErrorCode.INVALID_INPUT);
    expect(error.resolution).toContain('nodeId');
  });

  it('refuses two forms at once with INVALID_INPUT and names them', () => {
    const both = [
      { filePath: 'src/calc.ts', line: 1, column: 1, symbol: 'add' },
      { filePath: 'src/calc.ts', symbol: 'add', nodeId: 'method:src/calc.ts:Adder.add' },
      { line: 1, column: 1, nodeId: 'method:src/calc.ts:Adder.add' },
    ];
    for (const input of both) {
      const error = errorOf(addressOf({ ...base, ...input }));
      expect(error.code).toBe(ErrorCode.INVALID_INPUT);
      expect(error.message).toContain(' and ');
    }
  });

  it('refuses a line without a column, and a column without a line', () => {
    const noColumn = errorOf(addressOf({ ...base, filePath: 'src/calc.ts', line: 3 }));
    expect(noColumn.code).toBe(ErrorCode.INVALID_INPUT);
    expect(noColumn.message).toBe('line was given without column');
    expect(errorOf(addressOf({ ...base, filePath: 'src/calc.ts', column: 3 })).message).toBe('column was given without line');
  });

  it('refuses a symbol or a position without filePath', () => {
    const error = errorOf(addressOf({ ...base, symbol: 'add' }));
    expect(error.code).toBe(ErrorCode.INVALID_INPUT);
    expect(error.message).toContain('filePath');
    expect(errorOf(addressOf({ ...base, line: 1, column: 1 })).code).toBe(ErrorCode.INVALID_INPUT);
  });

  it('refuses an empty nodeId or symbol', () => {
    expect(errorOf(addressOf({ ...base, nodeId: '  ' })).code).toBe(ErrorCode.INVALID_INPUT);
    expect(errorOf(addressOf({ ...base, filePath: 'src/calc.ts', symbol: ' ' })).code).toBe(ErrorCode.INVALID_INPUT);
  });

  it('returns the one form given, the symbol trimmed', () => {
    expect(addressOf({ ...base, filePath: 'a.ts', line: 2, column: 3 })).toEqual({
      form: 'position',
      filePath: 'a.ts',
      line: 2,
      column: 3,
    });
    expect(addressOf({ ...base, filePath: 'a.ts', symbol: ' A.m ' })).toEqual({ form: 'symbol', filePath: 'a.ts', symbol: 'A.m' });
    expect(addressOf({ ...base, nodeId: 'class:a.ts:A' })).toEqual({ form: 'nodeId', nodeId: 'class:a.ts:A' });
    expect(addressOf({ ...base, nodeId: 'class:a.ts:A', filePath: 'a.ts' })).toEqual({
      form: 'nodeId',
      nodeId: 'class:a.ts:A',
      filePath: 'a.ts',
    });
  });
});

describe('resolvePositionQuery by symbol', () => {
  it('finds a top-level symbol by its name', async () => {
    const query = await resolved(workspace(), { filePath: 'src/calc.ts', symbol: 'Calculator' });
    expect(query.target.identifier).toMatchObject(nameAt('export class Calculator', 'Calculator'));
    expect(query.declarations?.map((d) => d.nodeId)).toEqual(['class:src/calc.ts:Calculator']);
  });

  it('finds a member by its qualified name', async () => {
    const query = await resolved(workspace(), { filePath: 'src/calc.ts', symbol: 'Calculator.add' });
    expect(query.target.identifier).toMatchObject(nameAt(CALC_ADD, 'add'));
    expect(query.declarations?.map((d) => d.nodeId)).toEqual(['method:src/calc.ts:Calculator.add']);
  });

  it('finds a nested symbol by its trailing segments', async () => {
    for (const symbol of ['method', 'Inner.method', 'Outer.Inner.method']) {
      const query = await resolved(workspace(), { filePath: 'src/calc.ts', symbol });
      expect(query.declarations?.map((d) => d.nodeId)).toEqual(['function:src/calc.ts:Outer.Inner.method']);
      expect(query.target.identifier).toMatchObject(nameAt('function method', 'method'));
    }
  });

  it('takes overload signatures as one symbol, designating the implementation (the one with a body)', async () => {
    const ws = workspace();
    ws.syntax.derive = toyDeclarations;
    const query = await resolved(ws, { filePath: 'src/calc.ts', symbol: 'area' });
    expect(query.declarations?.map((d) => d.nodeId)).toEqual(Array<string>(3).fill('function:src/calc.ts:area'));
    expect(query.target.identifier).toMatchObject(nameAt('export function area(a', 'area'));
  });

  it('designates the first declaration when none has a body the parser can see', async () => {
    const query = await resolved(workspace(), { filePath: 'src/calc.ts', symbol: 'area' });
    expect(query.target.identifier).toMatchObject(nameAt('function area', 'area'));
  });

  it('addresses a nameless constructor at its keyword', async () => {
    const query = await resolved(workspace(), { filePath: 'src/calc.ts', symbol: 'Calculator.constructor' });
    expect(query.target.identifier).toMatchObject(nameAt(CTOR, 'constructor'));
    expect(query.target.identifier.length).toBe('constructor'.length);
    expect(query.declarations?.map((d) => d.nodeId)).toEqual(['constructor:src/calc.ts:Calculator.constructor']);
  });

  it('refuses a name two symbols end with with AMBIGUOUS_SYMBOL, listing each nodeId with kind and line', async () => {
    const error = errorOf(await resolve(workspace(), { filePath: 'src/calc.ts', symbol: 'add' }));
    expect(error.code).toBe(ErrorCode.AMBIGUOUS_SYMBOL);
    expect(error.message).toContain(`method:src/calc.ts:Calculator.add (method, line ${locate(CALC_TS, CALC_ADD).line})`);
    expect(error.message).toContain(`method:src/calc.ts:Adder.add (method, line ${locate(CALC_TS, ADDER_ADD).line})`);
  });

  it('refuses an unknown name with SYMBOL_NOT_FOUND and suggests the closest nodeIds', async () => {
    const error = errorOf(await resolve(workspace(), { filePath: 'src/calc.ts', symbol: 'Calculater' }));
    expect(error.code).toBe(ErrorCode.SYMBOL_NOT_FOUND);
    expect(error.message).toContain('"Calculater"');
    expect(error.message).toContain('src/calc.ts');
    expect(error.resolution).toContain('class:src/calc.ts:Calculator');
  });

  it('points to workspace_symbols when the file declares nothing', async () => {
    const error = errorOf(await resolve(workspace(), { filePath: 'src/empty.ts', symbol: 'Calculator' }));
    expect(error.code).toBe(ErrorCode.SYMBOL_NOT_FOUND);
    expect(error.resolution).toContain('workspace_symbols');
  });

  it('checks the file as a position does', async () => {
    expect(errorOf(await resolve(workspace(), { filePath: 'src/missing.ts', symbol: 'add' })).code).toBe(ErrorCode.FILE_NOT_FOUND);
    expect(errorOf(await resolve(workspace(), { filePath: '../elsewhere.ts', symbol: 'add' })).code).toBe(ErrorCode.PATH_OUTSIDE_WORKSPACE);
  });
});

describe('resolvePositionQuery by nodeId', () => {
  it('finds the declaration the nodeId names', async () => {
    const query = await resolved(workspace(), { nodeId: 'method:src/calc.ts:Adder.add' });
    expect(query.target.path).toBe(`${ROOT}/src/calc.ts`);
    expect(query.target.identifier).toMatchObject(nameAt(ADDER_ADD, 'add'));
    expect(query.declarations?.map((d) => d.nodeId)).toEqual(['method:src/calc.ts:Adder.add']);
  });

  it('accepts a filePath that names the same file', async () => {
    for (const filePath of ['src/calc.ts', './src/../src/calc.ts', `${ROOT}/src/calc.ts`]) {
      const query = await resolved(workspace(), { nodeId: 'class:src/calc.ts:Adder', filePath });
      expect(query.target.identifier).toMatchObject(nameAt('export class Adder', 'Adder'));
    }
  });

  it('refuses a filePath that names another file with INVALID_INPUT', async () => {
    const error = errorOf(await resolve(workspace(), { nodeId: 'class:src/calc.ts:Adder', filePath: 'src/other.ts' }));
    expect(error.code).toBe(ErrorCode.INVALID_INPUT);
    expect(error.message).toContain('src/other.ts');
  });

  it('requires the kind to match, and suggests the nodeId with the right kind', async () => {
    const error = errorOf(await resolve(workspace(), { nodeId: 'function:src/calc.ts:Calculator.add' }));
    expect(error.code).toBe(ErrorCode.SYMBOL_NOT_FOUND);
    expect(error.message).toContain('function:src/calc.ts:Calculator.add');
    expect(error.resolution).toContain('method:src/calc.ts:Calculator.add');
  });

  it('matches the whole qualified name, not its trailing segments', async () => {
    expect(errorOf(await resolve(workspace(), { nodeId: 'function:src/calc.ts:method' })).code).toBe(ErrorCode.SYMBOL_NOT_FOUND);
  });

  it('takes the overloads of one function as one symbol, designating the implementation as by name', async () => {
    const ws = workspace();
    ws.syntax.derive = toyDeclarations;
    const query = await resolved(ws, { nodeId: 'function:src/calc.ts:area' });
    expect(query.declarations).toHaveLength(3);
    expect(query.target.identifier).toMatchObject(nameAt('export function area(a', 'area'));
  });

  it('refuses a malformed nodeId or an unknown kind with INVALID_INPUT', async () => {
    for (const nodeId of [
      'Calculator.add',
      'method:Calculator.add',
      'klass:src/calc.ts:Calculator',
      'method:src/calc.ts:Calculator..add',
    ]) {
      expect(errorOf(await resolve(workspace(), { nodeId })).code).toBe(ErrorCode.INVALID_INPUT);
    }
  });

  it('refuses a nodeId whose file is missing or outside the workspace', async () => {
    expect(errorOf(await resolve(workspace(), { nodeId: 'class:src/gone.ts:A' })).code).toBe(ErrorCode.FILE_NOT_FOUND);
    expect(errorOf(await resolve(workspace(), { nodeId: 'class:../other/a.ts:A' })).code).toBe(ErrorCode.PATH_OUTSIDE_WORKSPACE);
  });
});

describe('resolvePositionQuery by a node id given as the symbol', () => {
  it('resolves the declaration the node id names, as the node id itself does', async () => {
    for (const filePath of ['src/calc.ts', `${ROOT}/src/calc.ts`]) {
      const query = await resolved(workspace(), { filePath, symbol: 'method:src/calc.ts:Adder.add' });
      expect(query.target.identifier).toMatchObject(nameAt(ADDER_ADD, 'add'));
      expect(query.declarations?.map((d) => d.nodeId)).toEqual(['method:src/calc.ts:Adder.add']);
    }
  });

  it('keeps a name that matches a declaration, however it is spelled', async () => {
    const ws = workspace();
    // A C++-style qualified name shaped like a node id (kind, path, name): the declaration called so wins.
    const text = 'module::detail::run();\n';
    const file = ws.file('src/run.ts', text);
    ws.symbols.outlines.set(file, [outlineEntry(text, 'function', 'module::detail::run', text.trim())]);
    const query = await resolved(ws, { filePath: 'src/run.ts', symbol: 'module::detail::run' });
    expect(query.declarations?.map((d) => d.symbol.name)).toEqual(['module::detail::run']);
  });

  it('refuses a node id of another file with INVALID_INPUT, saying to pass it alone', async () => {
    const error = errorOf(await resolve(workspace(), { filePath: 'src/other.ts', symbol: 'class:src/calc.ts:Adder' }));
    expect(error.code).toBe(ErrorCode.INVALID_INPUT);
    expect(error.message).toContain('src/other.ts');
    expect(error.resolution).toBe('Pass nodeId alone; it already names its file.');
  });

  it('refuses a node id that matches nothing with SYMBOL_NOT_FOUND, suggesting the right one', async () => {
    const error = errorOf(await resolve(workspace(), { filePath: 'src/calc.ts', symbol: 'function:src/calc.ts:Calculator.add' }));
    expect(error.code).toBe(ErrorCode.SYMBOL_NOT_FOUND);
    expect(error.message).toContain('nodeId "function:src/calc.ts:Calculator.add"');
    expect(error.resolution).toContain('method:src/calc.ts:Calculator.add');
  });
});

describe('resolvePositionQuery by position', () => {
  it('resolves the identifier at the position and names no declarations', async () => {
    const at = locate(CALC_TS, 'Adder');
    const query = await resolved(workspace(), { filePath: 'src/calc.ts', line: at.line, column: at.column });
    expect(query.target.identifier).toMatchObject({ start: at.offset, text: 'Adder' });
    expect(query.declarations).toBeUndefined();
  });
});

describe('resolvePositionQuery when the service fails', () => {
  const failing = (): Workspace => {
    const ws = workspace();
    ws.symbols.outline = () =>
      Promise.reject(new BridgeException(bridgeError(ErrorCode.LANGUAGE_SERVER_ERROR, 'the language server did not answer in time')));
    return ws;
  };

  // The use-cases' guard turns the exception into the tool error; SYMBOL_NOT_FOUND would blame the caller.
  it('passes the service failure on, never SYMBOL_NOT_FOUND, for a name', async () => {
    await expect(resolve(failing(), { filePath: 'src/calc.ts', symbol: 'Calculator.add' })).rejects.toMatchObject({
      bridgeError: { code: ErrorCode.LANGUAGE_SERVER_ERROR, message: 'the language server did not answer in time' },
    });
  });

  it('passes the service failure on, never SYMBOL_NOT_FOUND, for a node id', async () => {
    await expect(resolve(failing(), { nodeId: 'method:src/calc.ts:Calculator.add' })).rejects.toMatchObject({
      bridgeError: { code: ErrorCode.LANGUAGE_SERVER_ERROR },
    });
  });
});
