/**
 * Whether a file read as `found` (its bytes or its text), where it held or was just given
 * `heldBytes` bytes, may be caught in the middle of being written in place: a program that
 * writes a file in place truncates it first and writes the new text after, so a file found empty
 * where there was text is most likely that instant, no state to judge a write by or plan one on.
 */
export function mayBeWrittenInPlace(found: { readonly length: number } | undefined, heldBytes: number): boolean {
  return found !== undefined && found.length === 0 && heldBytes > 0;
}
