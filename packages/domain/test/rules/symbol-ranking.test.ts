import { describe, expect, it } from 'vitest';
import type { DeclarationPlace } from '../../src/model/symbols.js';
import { compareSymbolRanks, matchRank, symbolRank, type SymbolRank } from '../../src/rules/symbol-ranking.js';

/** Names sorted by how well they answer `query`, best first; names that do not match are left out. */
function ranked(names: readonly string[], query: string): string[] {
  return names
    .map((name) => ({ name, rank: matchRank(name, query) }))
    .filter((r): r is { name: string; rank: number } => r.rank !== undefined)
    .sort((a, b) => a.rank - b.rank)
    .map((r) => r.name);
}

describe('matchRank', () => {
  it('orders exact, case-insensitive exact, prefix, case-insensitive prefix, humps, substring, fuzzy', () => {
    const best = ['conf', 'Conf', 'config', 'ConfigLoader', 'loadConfig', 'deconfuse', 'cxoxnxf'];
    expect(ranked([...best].reverse(), 'conf')).toEqual(best);
    expect(new Set(best.map((name) => matchRank(name, 'conf'))).size).toBe(best.length);
  });

  it('does not match a name that lacks a query letter or has them out of order', () => {
    expect(matchRank('parseConfig', 'xyz')).toBeUndefined();
    expect(matchRank('parseConfig', 'gfc')).toBeUndefined();
    expect(ranked(['parseConfig', 'conf'], 'zz')).toEqual([]);
  });

  it('matches camel-case humps: pC finds parseConfig, gTD finds goToDefinition', () => {
    const humps = matchRank('parseConfig', 'pC');
    expect(humps).toBeDefined();
    expect(matchRank('goToDefinition', 'gTD')).toBe(humps);
    expect(matchRank('goToDefinition', 'goToDef')).toBeLessThan(humps ?? 0);
  });

  it('lets a hump continue with the following letters of the same word', () => {
    expect(matchRank('goToDefinition', 'gToDef')).toBe(matchRank('parseConfig', 'pC'));
    expect(matchRank('getDiagnostics', 'gDiag')).toBe(matchRank('parseConfig', 'pC'));
  });

  it('treats an underscore or a dollar as the start of a word', () => {
    expect(matchRank('MAX_CALLS', 'MC')).toBe(matchRank('parseConfig', 'pC'));
    expect(matchRank('$store_value', 'sv')).toBe(matchRank('parseConfig', 'pC'));
  });

  it('ranks humps above a substring and a substring above in-order letters', () => {
    expect(ranked(['xpxcx', 'upcast', 'parseConfig'], 'pC')).toEqual(['parseConfig', 'upcast', 'xpxcx']);
  });

  it('ranks a letter inside a word as a substring, not as a hump', () => {
    expect(matchRank('parseConfig', 'arse')).toBeGreaterThan(matchRank('parseConfig', 'pC') ?? Infinity);
    expect(matchRank('parseConfig', 'arse')).toBeLessThan(matchRank('parseConfig', 'pcg') ?? -Infinity);
  });

  it('prefers the exact case of a prefix', () => {
    expect(ranked(['ParseConfig', 'parseConfig'], 'parse')).toEqual(['parseConfig', 'ParseConfig']);
  });

  it('does not take a single letter as humps', () => {
    expect(matchRank('xConfig', 'C')).toBe(matchRank('xConfig', 'onf'));
  });
});

describe('symbolRank', () => {
  const rank = (name: string, place: DeclarationPlace | undefined, query: string): SymbolRank => {
    const found = symbolRank(name, place, query);
    if (found === undefined) throw new Error(`${name} does not match ${query}`);
    return found;
  };

  it('orders places within a tier: exported, top-level, member, local, alias', () => {
    const places: DeclarationPlace[] = ['exported', 'top-level', 'member', 'local', 'alias'];
    const sorted = [...places].reverse().sort((a, b) => compareSymbolRanks(rank('config', a, 'conf'), rank('config', b, 'conf')));
    expect(sorted).toEqual(places);
  });

  it('ranks a service that tells no place like a top-level declaration', () => {
    expect(compareSymbolRanks(rank('config', undefined, 'conf'), rank('config', 'top-level', 'conf'))).toBe(0);
  });

  it('puts match quality first: a local exact name before an exported prefix match', () => {
    expect(compareSymbolRanks(rank('conf', 'local', 'conf'), rank('configure', 'exported', 'conf'))).toBeLessThan(0);
    expect(compareSymbolRanks(rank('Conf', 'local', 'conf'), rank('configure', 'exported', 'conf'))).toBeLessThan(0);
  });

  it('treats a prefix and humps as one tier, so an exported humps match beats a local prefix', () => {
    expect(compareSymbolRanks(rank('parseConfig', 'exported', 'pC'), rank('pCache', 'local', 'pC'))).toBeLessThan(0);
  });

  it('within a tier and place, prefers the exact case, then the shorter name', () => {
    expect(compareSymbolRanks(rank('config', 'member', 'conf'), rank('Config', 'member', 'conf'))).toBeLessThan(0);
    expect(compareSymbolRanks(rank('confA', 'member', 'conf'), rank('configs', 'member', 'conf'))).toBeLessThan(0);
  });

  it('does not rank a name that does not match', () => {
    expect(symbolRank('parseConfig', 'exported', 'xyz')).toBeUndefined();
  });

  it('matches a qualified query against the name qualified by its container, and an unqualified one against the name alone', () => {
    expect(symbolRank('String', 'member', 'UUID.String', 'UUID')?.tier).toBe(0);
    expect(symbolRank('parse', 'top-level', 'ns::parse', 'ns')?.tier).toBe(0);
    expect(symbolRank('String', 'member', 'Version.String', 'UUID')).toBeUndefined();
    expect(symbolRank('String', 'member', 'UUID.String')).toBeUndefined();
    // The container's letters never make an unqualified query match.
    expect(symbolRank('tests', 'top-level', 'Must', 'github.com/google/uuid')).toBeUndefined();
  });
});
