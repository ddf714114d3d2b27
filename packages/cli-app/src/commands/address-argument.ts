import type { PositionInput } from '@mcp-lsp-bridge/domain/front';
import type { ArgumentSpec, InputContext, OptionSpec, ParsedArgs } from '../command-definition.js';
import { classifyAddress, incompleteAddress } from '../args/address.js';
import { fileArgument } from '../args/file-argument.js';
import { stringOption } from '../args/option-values.js';
import { UsageError } from '../args/usage-error.js';

export const addressArgument: ArgumentSpec = {
  name: '<address>',
  omittedWith: 'node-id',
  description:
    'The symbol, one of: <file>:<line>:<col> or <file>(<line>,<col>) (1-based; the column counts Unicode characters, so ' +
    "tsc's columns, which count UTF-16 units, and rg --column's, which count bytes, agree only before any non-ASCII text); " +
    'a node id <kind>:<path>:<Qualified.name> as outline and search print it (the path is relative to the root); ' +
    'or a <file> with --symbol <name>. Files are relative to the current directory.',
};

/** The options every position command takes besides `<address>`. */
export const ADDRESS_OPTIONS: Readonly<Record<string, OptionSpec>> = {
  symbol: {
    type: 'string',
    valueName: 'name',
    description:
      'With a <file> address: the symbol declared in that file, by name or qualified name (parseConfig, Calculator.add), ' +
      'or by the node id outline prints for it.',
  },
  'node-id': {
    type: 'string',
    valueName: 'id',
    description: 'The symbol by node id, in place of <address> (a plain <file> may still be given; it must be the same file).',
  },
};

export interface Addressed {
  readonly address: PositionInput;
  /** The positional arguments after the address. */
  readonly rest: readonly string[];
}

/**
 * The address of a position command from its first positional argument and `--symbol` /
 * `--node-id`: exactly one way of naming the symbol. `trailing` is the number of positional
 * arguments the command takes after the address; with `--node-id` the address may be left out.
 * Only the form is checked here; the use-case checks what it names.
 */
export function addressInput(args: ParsedArgs, context: InputContext, command: string, trailing = 0): Addressed {
  const symbol = nonEmptyOption(args, 'symbol', command);
  const nodeId = nonEmptyOption(args, 'node-id', command);
  const given = args.positionals.length > trailing || nodeId === undefined;
  const text = given ? args.positionals[0] : undefined;
  const rest = args.positionals.slice(given ? 1 : 0);
  const workspaceRoot = context.root;
  if (text === undefined) {
    if (nodeId === undefined) throw new UsageError(`missing ${addressArgument.name}`, command);
    if (symbol !== undefined) throw twoForms(['--symbol', '--node-id'], command);
    return { address: { workspaceRoot, nodeId }, rest };
  }
  const parsed = classifyAddress(text, command);
  const forms = [
    ...(parsed.form === 'position' ? [`the position ${text}`] : []),
    ...(parsed.form === 'node' ? [`the node id ${text}`] : []),
    ...(symbol === undefined ? [] : ['--symbol']),
    ...(nodeId === undefined ? [] : ['--node-id']),
  ];
  if (forms.length > 1) throw twoForms(forms, command);
  switch (parsed.form) {
    case 'position':
      return { address: { workspaceRoot, filePath: fileArgument(parsed.file, context), line: parsed.line, column: parsed.column }, rest };
    case 'node':
      return { address: { workspaceRoot, nodeId: parsed.nodeId }, rest };
    case 'file': {
      if (symbol === undefined && nodeId === undefined) throw incompleteAddress(text, command);
      const filePath = fileArgument(parsed.file, context);
      return {
        address: { workspaceRoot, filePath, ...(symbol === undefined ? {} : { symbol }), ...(nodeId === undefined ? {} : { nodeId }) },
        rest,
      };
    }
  }
}

function nonEmptyOption(args: ParsedArgs, name: string, command: string): string | undefined {
  const value = stringOption(args, name);
  if (value?.trim() === '') throw new UsageError(`--${name} needs a value`, command);
  return value;
}

function twoForms(forms: readonly string[], command: string): UsageError {
  return new UsageError(
    `name the symbol one way only: <file>:<line>:<col>, a node id, <file> --symbol <name>, or --node-id <id>; got ${forms.join(' and ')}`,
    command,
  );
}
