import { describe, expect, it } from 'vitest';
import { classifyAddress } from '../src/args/address.js';
import { listOption } from '../src/args/option-values.js';
import { UsageError } from '../src/args/usage-error.js';
import type { ParsedArgs } from '../src/command-definition.js';
import { addressInput } from '../src/commands/address-argument.js';

const context = { cwd: '/w/app', root: '/w/app' };

function args(positionals: string[], values: ParsedArgs['values'] = {}): ParsedArgs {
  return { positionals, values };
}

function usageError(run: () => unknown): UsageError {
  try {
    run();
  } catch (error) {
    if (error instanceof UsageError) return error;
    throw error;
  }
  throw new Error('no usage error');
}

describe('classifyAddress', () => {
  it.each([
    ['src/calc.ts:3:3', { form: 'position', file: 'src/calc.ts', line: 3, column: 3 }],
    ['src/calc.ts(3,3)', { form: 'position', file: 'src/calc.ts', line: 3, column: 3 }],
    ['method:src/calc.ts:12:4', { form: 'position', file: 'method:src/calc.ts', line: 12, column: 4 }],
    ['method:src/calc.ts:Calculator.add', { form: 'node', nodeId: 'method:src/calc.ts:Calculator.add' }],
    ['class:src/calc.ts:Calculator', { form: 'node', nodeId: 'class:src/calc.ts:Calculator' }],
    ['enumMember:src/e.ts:Colour.Red', { form: 'node', nodeId: 'enumMember:src/e.ts:Colour.Red' }],
    ['variable:src/odd:dir/a.ts:x', { form: 'node', nodeId: 'variable:src/odd:dir/a.ts:x' }],
    ['src/calc.ts', { form: 'file', file: 'src/calc.ts' }],
    ['klass:src/calc.ts:Calculator', { form: 'file', file: 'klass:src/calc.ts:Calculator' }],
    ['function:src/calc.ts', { form: 'file', file: 'function:src/calc.ts' }],
  ])('reads %s', (text, expected) => {
    expect(classifyAddress(text, 'refs')).toEqual(expected);
  });

  it('refuses line 0 of a position as a usage error of the command', () => {
    expect(usageError(() => classifyAddress('src/a.ts:0:1', 'def'))).toMatchObject({
      message: 'line and column start at 1, got "src/a.ts:0:1"',
      command: 'def',
    });
  });
});

describe('addressInput', () => {
  it('takes a position, relative to the current directory', () => {
    expect(addressInput(args(['calc.ts:3:3']), { cwd: '/w/app/src', root: '/w/app' }, 'refs')).toEqual({
      address: { workspaceRoot: '/w/app', filePath: 'src/calc.ts', line: 3, column: 3 },
      rest: [],
    });
  });

  it('takes a node id as given: its path is relative to the root, wherever the command runs', () => {
    expect(addressInput(args(['method:src/calc.ts:Calculator.add']), { cwd: '/w/app/src', root: '/w/app' }, 'refs').address).toEqual({
      workspaceRoot: '/w/app',
      nodeId: 'method:src/calc.ts:Calculator.add',
    });
  });

  it('takes a file with --symbol', () => {
    expect(addressInput(args(['src/calc.ts'], { symbol: 'Calculator.add' }), context, 'hover').address).toEqual({
      workspaceRoot: '/w/app',
      filePath: 'src/calc.ts',
      symbol: 'Calculator.add',
    });
  });

  it('takes --node-id in place of the argument, or with the file it names', () => {
    expect(addressInput(args([], { 'node-id': 'function:src/calc.ts:total' }), context, 'refs').address).toEqual({
      workspaceRoot: '/w/app',
      nodeId: 'function:src/calc.ts:total',
    });
    expect(addressInput(args(['src/calc.ts'], { 'node-id': 'function:src/calc.ts:total' }), context, 'refs').address).toEqual({
      workspaceRoot: '/w/app',
      filePath: 'src/calc.ts',
      nodeId: 'function:src/calc.ts:total',
    });
  });

  it('leaves the arguments after the address to the command, with or without --node-id', () => {
    expect(addressInput(args(['src/calc.ts:3:3', 'sum']), context, 'rename', 1).rest).toEqual(['sum']);
    const byOption = addressInput(args(['sum'], { 'node-id': 'method:src/calc.ts:Calculator.add' }), context, 'rename', 1);
    expect(byOption).toEqual({ address: { workspaceRoot: '/w/app', nodeId: 'method:src/calc.ts:Calculator.add' }, rest: ['sum'] });
  });

  it.each([
    { why: 'nothing', positionals: [], values: {}, message: /^missing <address>$/ },
    {
      why: 'a file alone',
      positionals: ['src/calc.ts'],
      values: {},
      message: /^expected <file>:<line>:<col>, a node id <kind>:<path>:<name>, or <file> with --symbol <name>, got "src\/calc.ts"$/,
    },
    {
      why: 'a node id of an unknown kind',
      positionals: ['klass:src/calc.ts:Calculator'],
      values: {},
      message: /"klass" is not a symbol kind \(the kinds are file, module, .*typeParameter\)$/,
    },
    {
      why: 'a node id without a name',
      positionals: ['function:src/calc.ts'],
      values: {},
      message: /a node id has three parts, <kind>:<path>:<Qualified.name>$/,
    },
    {
      why: 'a position and --symbol',
      positionals: ['src/calc.ts:3:3'],
      values: { symbol: 'add' },
      message: /one way only.*got the position src\/calc.ts:3:3 and --symbol$/,
    },
    {
      why: 'a node id and --symbol',
      positionals: ['method:src/calc.ts:Calculator.add'],
      values: { symbol: 'add' },
      message: /got the node id method:src\/calc.ts:Calculator.add and --symbol$/,
    },
    {
      why: 'a position and --node-id',
      positionals: ['src/calc.ts:3:3'],
      values: { 'node-id': 'method:src/calc.ts:Calculator.add' },
      message: /got the position src\/calc.ts:3:3 and --node-id$/,
    },
    {
      why: '--symbol and --node-id',
      positionals: [],
      values: { symbol: 'add', 'node-id': 'method:src/calc.ts:Calculator.add' },
      message: /got --symbol and --node-id$/,
    },
    {
      why: 'a file with --symbol and --node-id',
      positionals: ['src/calc.ts'],
      values: { symbol: 'add', 'node-id': 'x' },
      message: /got --symbol and --node-id$/,
    },
    { why: 'an empty --symbol', positionals: ['src/calc.ts'], values: { symbol: ' ' }, message: /^--symbol needs a value$/ },
  ])('refuses $why as a usage error of the command', ({ positionals, values, message }) => {
    const error = usageError(() => addressInput(args(positionals, values), context, 'calls'));
    expect(error.message).toMatch(message);
    expect(error.command).toBe('calls');
  });
});

describe('listOption', () => {
  it('joins repeated options and splits comma lists', () => {
    expect(listOption(args([], { kind: ['class,interface', ' method '] }), 'kind')).toEqual(['class', 'interface', 'method']);
    expect(listOption(args([], { kind: 'function' }), 'kind')).toEqual(['function']);
    expect(listOption(args([]), 'kind')).toEqual([]);
  });
});
