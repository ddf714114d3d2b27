import type { DeclarationPlace } from '../model/symbols.js';

/** How a declaration answers a workspace search; compare with `compareSymbolRanks`. */
export interface SymbolRank {
  /** Exact name (any case) 0, prefix or humps 1, substring 2, letters in order 3. */
  readonly tier: number;
  readonly place: number;
  readonly match: number;
  readonly length: number;
}

// A re-export ranks below every declaration of its tier, so never above the one it re-exports
// (which has the same name, hence the same tier).
const PLACE_ORDER: Readonly<Record<DeclarationPlace, number>> = { exported: 0, 'top-level': 1, member: 2, local: 3, alias: 4 };

/**
 * The rank of a declaration named `name` at `place` for `query`; `undefined` when the name does
 * not match. First how well the name matches, in four tiers (an exact name, in any case;
 * a prefix or camel-case humps; a substring; the query's letters in order); within a tier,
 * exported and top-level declarations before members, members before locals, re-exports
 * last; then the finer match (exact case first), then shorter names. A qualified query
 * (`UUID.String`, `ns::parse`) is matched against the name qualified by its container.
 */
export function symbolRank(
  name: string,
  place: DeclarationPlace | undefined,
  query: string,
  containerName?: string,
): SymbolRank | undefined {
  const qualified = /\.|::/.test(query) && containerName !== undefined && containerName !== '';
  const match = qualified ? matchRank(`${containerName}.${name}`, query.replaceAll('::', '.')) : matchRank(name, query);
  if (match === undefined) return undefined;
  const tier = match <= 1 ? 0 : match <= 4 ? 1 : match === 5 ? 2 : 3;
  return { tier, place: PLACE_ORDER[place ?? 'top-level'], match, length: name.length };
}

/**
 * The name a qualified query (`Context.invoke`, `ns::parse`) ends with, for a service that
 * matches names alone (pyright finds nothing for `Context.invoke`, though it gives `invoke` its
 * container `Context`); `undefined` for a query that is not qualified.
 */
export function lastNameOf(query: string): string | undefined {
  const parts = query.split(/\.|::/);
  const last = parts.at(-1) ?? '';
  return parts.length > 1 && last !== '' ? last : undefined;
}

/** Better ranks first. */
export function compareSymbolRanks(a: SymbolRank, b: SymbolRank): number {
  return a.tier - b.tier || a.place - b.place || a.match - b.match || a.length - b.length;
}

/**
 * How well a symbol name answers a workspace search, lower is better; `undefined` when it
 * does not match at all. Exact, then case-insensitive exact, prefix, camel-case humps
 * (`pC` → `parseConfig`), substring, then every query letter in order (fuzzy).
 */
export function matchRank(name: string, query: string): number | undefined {
  if (name === query) return 0;
  const lowerName = name.toLowerCase();
  const lowerQuery = query.toLowerCase();
  if (lowerName === lowerQuery) return 1;
  if (name.startsWith(query)) return 2;
  if (lowerName.startsWith(lowerQuery)) return 3;
  if (matchesHumps(name, query)) return 4;
  if (lowerName.includes(lowerQuery)) return 5;
  if (isSubsequence(lowerQuery, lowerName)) return 6;
  return undefined;
}

/** Each query character starts a word of `name` or continues the previous one (`gTD` → `goToDefinition`). */
function matchesHumps(name: string, query: string): boolean {
  const starts = new Set<number>();
  for (let i = 0; i < name.length; i++) {
    const char = name.charAt(i);
    const previous = i > 0 ? name.charAt(i - 1) : '';
    if (i === 0 || (char >= 'A' && char <= 'Z' && !(previous >= 'A' && previous <= 'Z')) || previous === '_' || previous === '$')
      starts.add(i);
  }
  const search = (qi: number, ni: number): boolean => {
    if (qi === query.length) return true;
    for (let i = ni; i < name.length; i++) {
      const continues = i === ni && qi > 0;
      if ((starts.has(i) || continues) && name.charAt(i).toLowerCase() === query.charAt(qi).toLowerCase() && search(qi + 1, i + 1))
        return true;
    }
    return false;
  };
  return query.length > 1 && search(0, 0);
}

function isSubsequence(query: string, name: string): boolean {
  let at = 0;
  for (const char of name) {
    if (char === query[at]) at++;
    if (at === query.length) return true;
  }
  return query.length === 0;
}
