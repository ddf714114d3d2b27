import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, OPERATION_NAMES, PRESETS } from '@mcp-lsp-bridge/domain/front';

// CONTRIBUTING's "Adding a tool" ends with the docs; without this a tool could ship undocumented.
describe('docs/tools.md', () => {
  it("has a section for every operation of the catalogue, and the README's tool table a row", () => {
    const tools = readFileSync(new URL('../../../docs/tools.md', import.meta.url), 'utf8');
    const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
    for (const name of OPERATION_NAMES) {
      expect(tools, `docs/tools.md has no section for ${name}`).toContain(`\n## \`${name}\`\n`);
      expect(readme, `the README's tool table has no row for ${name}`).toContain(`\n| \`${name}\` |`);
    }
  });

  it('lists every tool in its first table, in catalogue order, saying which write files', () => {
    const tools = readFileSync(new URL('../../../docs/tools.md', import.meta.url), 'utf8');
    const rows = [...tools.matchAll(/^\| \[`([a-z_]+)`\]\(#\1\) \| .* \| (\*\*yes\*\*(?: \([^|]*\))?|no) \|$/gm)];
    expect(rows.map((row) => row[1])).toEqual(OPERATION_NAMES);
    for (const [index, operation] of CATALOGUE.entries())
      expect(rows[index]?.[2]?.startsWith('**yes**') ? 'yes' : 'no', `docs/tools.md: does ${operation.name} write files?`).toBe(
        operation.writes ? 'yes' : 'no',
      );
  });

  it("lists each preset's tools as the catalogue has them, in its order", () => {
    const tools = readFileSync(new URL('../../../docs/tools.md', import.meta.url), 'utf8');
    for (const [preset, names] of Object.entries(PRESETS)) {
      if (preset === 'all') continue;
      const row = new RegExp(`^\\| \`${preset}\` \\| (.*) \\|$`, 'm').exec(tools)?.[1];
      expect(row, `docs/tools.md has no row for the preset ${preset}`).toBeDefined();
      expect(
        [...(row ?? '').matchAll(/`([a-z_]+)`/g)].map((m) => m[1]),
        `docs/tools.md, preset ${preset}`,
      ).toEqual(names);
    }
  });
});
