import path from 'node:path';

/**
 * The paths a cache holds, as a tree, so a change reported for a directory reaches every
 * cached path below it in time proportional to their number, not to the cache's size.
 * Directories that only lead to cached paths are kept as inner nodes.
 */
export class PathIndex {
  private readonly children = new Map<string, Set<string>>();
  private readonly members = new Set<string>();

  add(target: string): void {
    if (this.members.has(target)) return;
    this.members.add(target);
    for (let child = target, parent = path.dirname(target); parent !== child; child = parent, parent = path.dirname(parent)) {
      const siblings = this.children.get(parent);
      if (siblings !== undefined) {
        siblings.add(child);
        return;
      }
      this.children.set(parent, new Set([child]));
    }
  }

  has(target: string): boolean {
    return this.members.has(target);
  }

  delete(target: string): void {
    if (!this.members.delete(target)) return;
    for (let child = target, parent = path.dirname(target); parent !== child; child = parent, parent = path.dirname(parent)) {
      if (this.members.has(child) || this.children.has(child)) return;
      const siblings = this.children.get(parent);
      if (siblings === undefined) return;
      siblings.delete(child);
      if (siblings.size > 0) return;
      this.children.delete(parent);
    }
  }

  /** `target` (if held) and every held path below it. */
  *under(target: string): Generator<string> {
    if (this.members.has(target)) yield target;
    const stack = [...(this.children.get(target) ?? [])];
    for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
      if (this.members.has(next)) yield next;
      const below = this.children.get(next);
      if (below !== undefined) stack.push(...below);
    }
  }
}
