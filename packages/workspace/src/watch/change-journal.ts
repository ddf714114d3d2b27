/**
 * One change the watcher reported: `path` itself changed content (`entry: false`), or was
 * created, deleted, renamed or replaced (`entry: true`), in which case anything at or below
 * it may differ (a directory moved away takes its whole subtree along).
 */
export interface WatchItem {
  readonly path: string;
  readonly entry: boolean;
}

/** Items kept for consumers that fall behind; one further behind checks everything again. */
const MAX_ITEMS = 50_000;

/**
 * The changes reported since the watcher started, numbered, so each cache that trusts the
 * watcher (listings, a project's file versions, an inventory) applies exactly what it has not
 * seen yet, whenever it next looks: `since(cursor)` and then `head` as its new cursor.
 */
export class ChangeJournal {
  private items: WatchItem[] = [];
  /** The number of the first kept item. */
  private first = 0;

  /** The number the next item will get: a consumer that has applied everything holds this. */
  get head(): number {
    return this.first + this.items.length;
  }

  append(items: readonly WatchItem[]): void {
    if (items.length === 0) return;
    this.items.push(...items);
    if (this.items.length > MAX_ITEMS) {
      const drop = this.items.length - MAX_ITEMS / 2;
      this.items = this.items.slice(drop);
      this.first += drop;
    }
  }

  /** Items from `cursor` on, or `undefined` when some were dropped (the consumer must check everything). */
  since(cursor: number): readonly WatchItem[] | undefined {
    if (cursor < this.first || cursor < 0) return undefined;
    return this.items.slice(cursor - this.first);
  }
}
