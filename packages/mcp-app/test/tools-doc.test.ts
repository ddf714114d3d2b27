import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPERATION_NAMES } from '@mcp-lsp-bridge/domain/front';

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
});
