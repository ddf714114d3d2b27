import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { requirementFamilies, requirements } from '../requirements.js';

const SCENARIOS = new URL('./', import.meta.url);

/** The ids of every `verifies(...)` call in the scenario sources, with the file using each. */
async function verifiedIds(): Promise<Map<string, string[]>> {
  const used = new Map<string, string[]>();
  const files = (await readdir(SCENARIOS)).filter((name) => name.endsWith('.test.ts'));
  for (const file of files) {
    const source = await readFile(new URL(file, SCENARIOS), 'utf8');
    for (const call of source.matchAll(/\bverifies\(\s*(\[[^\]]*\]|'[^']*')/g)) {
      for (const id of (call[1] ?? '').matchAll(/'([^']+)'/g)) {
        const name = id[1] ?? '';
        used.set(name, [...(used.get(name) ?? []), file]);
      }
    }
  }
  return used;
}

describe('requirements manifest', () => {
  it('has a verifying test for every requirement', async () => {
    const used = await verifiedIds();
    const untested = Object.keys(requirements).filter((id) => !used.has(id));
    expect(untested, `requirements without a verifies(...) test`).toEqual([]);
  });

  it('knows every requirement a test claims to verify', async () => {
    const used = await verifiedIds();
    const unknown = [...used.keys()].filter((id) => !Object.hasOwn(requirements, id));
    expect(unknown, 'verifies(...) ids missing from requirements.ts').toEqual([]);
  });

  it('lists each requirement in one family file only', () => {
    // The manifest spreads its families into one object, where an id listed twice would silently keep one text.
    const ids = Object.values(requirementFamilies).flatMap((family) => Object.keys(family));
    const repeated = ids.filter((id, index) => ids.indexOf(id) !== index);
    expect(repeated, 'ids listed in two family files of requirements/').toEqual([]);
  });
});
