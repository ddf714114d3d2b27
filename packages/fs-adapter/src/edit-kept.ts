const decoder = new TextDecoder();

/**
 * Whether a file another program wrote right after this write replaced it still holds this
 * write's edit: that program read what we wrote and added its own change (a formatter, a tool
 * reacting to the change), rather than writing back what it had read before (an editor saving an
 * old buffer, which undid the edit). Judged line by line, since another change moves offsets but
 * leaves our lines whole: every line the edit added is there at least as often as in what we
 * wrote, and every line it removed no more often.
 */
export function keepsEdit(original: Uint8Array, replacement: Uint8Array, current: Uint8Array): boolean {
  const before = lineCounts(original);
  const after = lineCounts(replacement);
  const now = lineCounts(current);
  for (const [line, count] of after) if (count > (before.get(line) ?? 0) && (now.get(line) ?? 0) < count) return false;
  for (const [line, count] of before) {
    const kept = after.get(line) ?? 0;
    if (count > kept && (now.get(line) ?? 0) > kept) return false;
  }
  return true;
}

function lineCounts(bytes: Uint8Array): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of decoder.decode(bytes).split(/\r\n|\r|\n/)) counts.set(line, (counts.get(line) ?? 0) + 1);
  return counts;
}
