/**
 * How large an answer may grow. A stdio client reads each message into a bounded buffer (the
 * official TypeScript SDK drops the connection past 10 MB) and an answer carries its result
 * twice, as structured content and as text; a generated file declares 300,000 symbols and a
 * minified line is a megabyte long. So lists stop when the JSON of their items reaches
 * MAX_LIST_CHARS, and names and messages are cut; each cut is stated (`truncated`, an
 * ellipsis) and every count stays the count of everything found.
 */

/** The JSON length (UTF-16 units) the items of one answer's lists may take together: at most 6 MB as UTF-8. */
export const MAX_LIST_CHARS = 2_000_000;

/** The most of a symbol's name a result shows; a longer name is cut with an ellipsis. */
export const MAX_NAME_LENGTH = 200;

/** The most of a message or type signature a result shows. */
export const MAX_MESSAGE_LENGTH = 2_000;

/** `text` cut to `max` UTF-16 units with a trailing ellipsis, never inside a surrogate pair. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

/** A symbol name as a result shows it. */
export function briefName(name: string): string {
  return cutText(name, MAX_NAME_LENGTH);
}

/** A diagnostic message or a type signature as a result shows it. */
export function briefMessage(message: string): string {
  return cutText(message, MAX_MESSAGE_LENGTH);
}

/**
 * The room left in one answer: items are taken while their JSON fits, in the order the caller
 * offers them (a tree in pre-order keeps every listed item's parent). Once one item does not
 * fit, nothing more is taken, so what is listed is always a prefix.
 */
export class AnswerBudget {
  private used = 0;
  private full = false;

  constructor(private readonly max = MAX_LIST_CHARS) {}

  /** Whether `item` still fits (and is counted as taken). */
  take(item: unknown): boolean {
    if (this.full) return false;
    const size = (JSON.stringify(item) as string | undefined)?.length ?? 0;
    if (this.used + size > this.max) {
      this.full = true;
      return false;
    }
    this.used += size;
    return true;
  }

  /** The longest prefix of `items` that fits. */
  takeAll<T>(items: readonly T[]): T[] {
    const taken: T[] = [];
    for (const item of items) {
      if (!this.take(item)) break;
      taken.push(item);
    }
    return taken;
  }

  /** Some item was left out. */
  get exhausted(): boolean {
    return this.full;
  }
}
