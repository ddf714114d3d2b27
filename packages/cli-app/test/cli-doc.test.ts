import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../src/commands/index.js';
import { META_COMMANDS } from '../src/meta/index.js';

// CONTRIBUTING's "Adding a tool" ends with the docs; without this a command could ship undocumented.
const cliDoc = readFileSync(new URL('../../../docs/cli.md', import.meta.url), 'utf8');

/** The text of the `## title` section of docs/cli.md, up to the next section. */
function section(title: string): string {
  const start = cliDoc.indexOf(`\n## ${title}\n`);
  expect(start, `docs/cli.md has no "## ${title}" section`).toBeGreaterThanOrEqual(0);
  const end = cliDoc.indexOf('\n## ', start + 1);
  return cliDoc.slice(start, end < 0 ? undefined : end);
}

/** The table rows of `text` whose first cell starts with the command `name`: `| \`refs <address>\` |`. */
function rowsOf(text: string, name: string): string[] {
  return text.split('\n').filter((line) => line.startsWith(`| \`${name} `) || line.startsWith(`| \`${name}\``));
}

describe('docs/cli.md', () => {
  it('has a row for every command in its table of commands, naming the MCP tool it runs', () => {
    const commands = section('Commands');
    for (const command of COMMANDS) {
      const rows = rowsOf(commands, command.name);
      expect(rows, `docs/cli.md's table of commands has no row for ${command.name}`).toHaveLength(1);
      expect(rows[0]?.split(' | ')[1], `the row of ${command.name} names another tool`).toBe(`\`${command.tool}\``);
    }
  });

  it('lists the commands in the order --help lists them', () => {
    const commands = section('Commands');
    const documented = COMMANDS.map((command) => ({
      name: command.name,
      at: commands.indexOf(rowsOf(commands, command.name)[0] ?? '\u0000'),
    }));
    expect(documented.toSorted((a, b) => a.at - b.at).map((command) => command.name)).toEqual(COMMANDS.map((command) => command.name));
  });

  it('has a row for every set-up command', () => {
    const commands = section('Commands');
    for (const command of META_COMMANDS)
      expect(rowsOf(commands, command.name), `docs/cli.md has no row for ${command.name}`).toHaveLength(1);
  });
});
