import { PRODUCT_VERSION } from '@mcp-lsp-bridge/bridge/front';
import type { CommandDefinition, OptionSpec } from '../command-definition.js';
import { GLOBAL_OPTIONS } from '../args/global-options.js';
import { EXIT_CODE_HELP } from '../exit-codes.js';
import { META_COMMANDS } from '../meta/index.js';
import type { MetaCommand } from '../meta/meta-command.js';
import { PROGRAM } from './error.format.js';
import { table, wrap } from './wrap.js';

const WIDTH = 80;

export const VERSION = PRODUCT_VERSION;

/** What the bridge serves, as both programs' help says it. */
export const LANGUAGES_SERVED =
  'TypeScript and JavaScript (the TypeScript compiler), Python (pyright), C and C++ (clangd), Go (gopls), ' +
  'and any language whose LSP server a workspace names in .lsp.json';

/** `lsp-bridge --help`: every command, the global options and the exit codes. */
export function formatMainHelp(commands: readonly CommandDefinition[], meta: readonly MetaCommand[] = META_COMMANDS): string[] {
  const rows = (list: readonly (CommandDefinition | MetaCommand)[]): string[] =>
    table(
      list.map((c) => [`${c.name} ${c.arguments.map((a) => a.name).join(' ')}`.trimEnd(), c.summary]),
      WIDTH,
    );
  return [
    wrap(
      `${PROGRAM} ${VERSION}: compiler-exact navigation, refactorings and diagnostics at the command line, for ${LANGUAGES_SERVED}.`,
      WIDTH,
    ),
    '',
    `Usage: ${PROGRAM} <command> [arguments] [options]`,
    '',
    'Commands:',
    ...rows(commands),
    '',
    'Set-up commands:',
    ...table(
      [
        ...meta.map((c): [string, string] => [`${c.name} ${c.arguments.map((a) => a.name).join(' ')}`.trimEnd(), c.summary]),
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
export function formatCommandHelp(command: CommandDefinition | MetaCommand): string[] {
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
      ('tool' in command
        ? `The MCP tool ${command.tool} takes the same input and returns the same result; --json prints that result object.`
        : command.seeAlso) + (command.aliases.length > 0 ? ` Aliases: ${command.aliases.join(', ')}.` : ''),
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
