/**
 * A code action's id: everything needed to compute the same action again, and the hash of the
 * text it was computed from, so an id is refused once its file changed. Nothing is kept between
 * calls: an id works in another process, after a restart, from the CLI as from MCP.
 *
 * `ca1|<file>|<hash>|<start>-<end>|<kinds>|<code>|<ref>`, each part percent-encoded (so `|`
 * only separates, and no `'` appears): readable in logs, and safe in JSON and in a shell's quotes.
 */
export interface ActionAddress {
  /** The file, as results display it (relative to the workspace root). */
  readonly file: string;
  /** `textHash` of the file's text the action was computed from. */
  readonly hash: string;
  /** The range asked about (UTF-16 offsets). */
  readonly start: number;
  readonly end: number;
  /** The kinds computed with it. */
  readonly kinds: readonly string[];
  /** The diagnostic code asked for, as the caller gave it. */
  readonly code?: string | undefined;
  /** The backend's handle on the action (OfferedAction.ref). */
  readonly ref: string;
}

const VERSION = 'ca1';

export function encodeActionId(address: ActionAddress): string {
  const parts = [
    VERSION,
    address.file,
    address.hash,
    `${address.start}-${address.end}`,
    address.kinds.join(','),
    address.code ?? '',
    address.ref,
  ];
  // `'` too, which encodeURIComponent keeps: an id is pasted between single quotes on a command line.
  return parts.map((part, i) => (i === 0 ? part : encodeURIComponent(part).replace(/'/g, '%27'))).join('|');
}

/** The address an id encodes, or `undefined` when it is not an id `encodeActionId` made. */
export function decodeActionId(id: string): ActionAddress | undefined {
  const parts = id.trim().split('|');
  if (parts.length !== 7 || parts[0] !== VERSION) return undefined;
  let decoded: string[];
  try {
    decoded = parts.map((part) => decodeURIComponent(part));
  } catch {
    return undefined;
  }
  const [, file, hash, range, kinds, code, ref] = decoded as [string, string, string, string, string, string, string];
  const bounds = /^(\d+)-(\d+)$/.exec(range);
  if (bounds === null || file === '' || !/^[0-9a-f]{16}$/.test(hash) || ref === '') return undefined;
  const start = Number(bounds[1]);
  const end = Number(bounds[2]);
  if (end < start) return undefined;
  return { file, hash, start, end, kinds: kinds === '' ? [] : kinds.split(','), ...(code === '' ? {} : { code }), ref };
}

/**
 * A 64-bit hash of a text (two 32-bit FNV-1a over its UTF-16 units, differently seeded), as 16
 * hex digits: an edit that keeps it is a chance of one in 2^64, not a way to change a file unseen.
 */
export function textHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    a = Math.imul(a ^ unit, 0x01000193);
    b = Math.imul(b ^ unit, 0x01000193) ^ (b >>> 15);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}
