import type { SourceSpan } from '../ports/symbol-index.js';
import { spanKey } from './spans.js';

/** A class, by an identity the adapter gives it (its name's place), with its direct bases as the language server resolves them. */
export interface ClassFact {
  readonly id: string;
  /** The ids of the classes its bases lead to (a base the server does not resolve to a class is absent). */
  readonly bases: readonly string[];
}

/** A method's declaration (its name) and the id of the class whose body holds it. */
export interface MethodFact extends SourceSpan {
  readonly classId: string;
}

/**
 * What a rename of a method needs to know of its family, gathered once for the rename: the method
 * renamed, every method of the same name in the files concerned, and the classes they sit in with
 * their bases (and the bases' own bases, as far as the server resolves them).
 */
export interface MethodFamilyFacts {
  readonly method: MethodFact;
  readonly methods: readonly MethodFact[];
  readonly classes: readonly ClassFact[];
}

/**
 * The methods renamed with `facts.method`, for a server that renames a method alone (pyright): a
 * method of the same name in a class above its class (it overrides that one) or below it (that one
 * overrides it), and so on from each of those, so a sibling's override of a shared base method
 * belongs too. A class is above another only through bases the server resolved, never because two
 * classes share a name; an unrelated class's method of the same name, and another method of the
 * same name in the class of a member (a property's setter), are reached only through a related
 * class. In the order found, breadth first; the method itself is not among them.
 */
export function methodFamily(facts: MethodFamilyFacts): SourceSpan[] {
  const ancestors = lineage(facts.classes);
  const related = (a: string, b: string): boolean => a !== b && (ancestors(a).has(b) || ancestors(b).has(a));
  const seen = new Set([spanKey(facts.method)]);
  const family: SourceSpan[] = [];
  const queue: MethodFact[] = [facts.method];
  for (let member = queue.shift(); member !== undefined; member = queue.shift()) {
    const { classId } = member;
    for (const other of facts.methods) {
      if (seen.has(spanKey(other)) || !related(classId, other.classId)) continue;
      seen.add(spanKey(other));
      family.push({ path: other.path, start: other.start, length: other.length });
      queue.push(other);
    }
  }
  return family;
}

/** Each class's ancestors (itself excluded, whatever cycle its bases make), computed once per class. */
function lineage(classes: readonly ClassFact[]): (id: string) => ReadonlySet<string> {
  const bases = new Map(classes.map((cls) => [cls.id, cls.bases]));
  const known = new Map<string, Set<string>>();
  return (id) => {
    const cached = known.get(id);
    if (cached !== undefined) return cached;
    const found = new Set<string>();
    const queue = [id];
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
      for (const parent of bases.get(next) ?? []) {
        if (parent === id || found.has(parent)) continue;
        found.add(parent);
        queue.push(parent);
      }
    }
    known.set(id, found);
    return found;
  };
}
