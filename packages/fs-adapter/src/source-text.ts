/**
 * Decodes a source file as `ts.sys.readFile` does (UTF-8, or UTF-16 with a BOM), without its
 * BOM; `undefined` for binary content (NUL bytes). Both language backends read files this way,
 * so the text and the offsets they report agree with the domain's.
 */
export function decodeSourceText(buffer: Buffer): string | undefined {
  if (buffer.length >= 2 && buffer[0] === 0xfe && buffer[1] === 0xff) {
    const swapped = Buffer.from(buffer.subarray(2, buffer.length - (buffer.length % 2)));
    swapped.swap16();
    return withoutNul(swapped.toString('utf16le'));
  }
  if (buffer.length >= 2 && buffer[0] === 0xff && buffer[1] === 0xfe) return withoutNul(buffer.subarray(2).toString('utf16le'));
  if (buffer.includes(0)) return undefined;
  const start = buffer.length >= 3 && buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf ? 3 : 0;
  return buffer.subarray(start).toString('utf8');
}

function withoutNul(text: string): string | undefined {
  return text.includes('\0') ? undefined : text;
}
