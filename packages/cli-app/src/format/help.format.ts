import { PRODUCT_VERSION } from '@mcp-lsp-bridge/bridge';
import type { CommandDefinition, OptionSpec } from '../command-definition.js';
import { GLOBAL_OPTIONS } from '../args/global-options.js';
import { EXIT_CODE_HELP } from '../exit-codes.js';
import { PROGRAM } from './error.format.js';
import { table, wrap } from './wrap.js';

const WIDTH = 80;

export const VERSION = PRODUCT_VERSION;

/** `lsp-bridge --help`: every command, the global options and the exit codes. */
export function formatMainHelp(commands: readonly CommandDefinition[]): string[] {
  return [
    wrap(`${PROGRAM} ${VERSION}: the TypeScript compiler's navigation, refactorings and diagnostics at the command line`, WIDTH),
    '',
    `Usage: ${PROGRAM} <command> [arguments] [options]`,
    '',
    'Commands:',
    ...table(
      [
        ...commands.map((c): [string, string] => [`${c.name} ${c.arguments.map((a) => a.name).join(' ')}`, c.summary]),
        ['daemon status|stop [root]', 'List or stop the background servers that keep workspaces loaded (daemon --help)'],
      ],
      WIDTH,
    ),
    '',
    'Options:',
    ...table(optionRows(GLOBAL_OPTIONS), WIDTH),
    '',
    ...exitStatus(),
    '',
    `Run "${PROGRAM} <command> --help" for a command's arguments, options and examples.`,
  ];
}

/** `lsp-bridge <command> --help`, generated from the command's definition. */
export function formatCommandHelp(command: CommandDefinition): string[] {
  const hasOptions = Object.keys(command.options).length > 0;
  const usage = [PROGRAM, command.name, ...command.arguments.map((a) => a.name), '[options]'].join(' ');
  return [
    `Usage: ${usage}`,
    '',
    wrap(command.description, WIDTH),
    '',
    'Arguments:',
    ...table(
      command.arguments.map((a) => [a.name, a.description]),
      WIDTH,
    ),
    ...(hasOptions ? ['', 'Options:', ...table(optionRows(command.options), WIDTH)] : []),
    '',
    'Global options:',
    ...table(optionRows(GLOBAL_OPTIONS), WIDTH),
    '',
    'Examples:',
    ...command.examples.flatMap((e) => [`  $ ${e.command}`, `      ${wrap(e.description, WIDTH - 6, 6)}`]),
    '',
    ...exitStatus(),
    '',
    wrap(
      `The MCP tool ${command.tool} takes the same input and returns the same result; --json prints that result object.` +
        (command.aliases.length > 0 ? ` Aliases: ${command.aliases.join(', ')}.` : ''),
      WIDTH,
    ),
  ];
}

function optionRows(options: Readonly<Record<string, OptionSpec>>): [string, string][] {
  return Object.entries(options).map(([name, spec]) => {
    const short = spec.short === undefined ? '' : `-${spec.short}, `;
    const value = spec.type === 'string' ? ` <${spec.valueName ?? 'value'}>` : '';
    return [`${short}--${name}${value}`, spec.description];
  });
}

function exitStatus(): string[] {
  return [
    'Exit status:',
    ...table(
      EXIT_CODE_HELP.map(([code, meaning]) => [String(code), meaning]),
      WIDTH,
    ),
  ];
}
