import { fileFaultReason } from '@mcp-lsp-bridge/domain';
import { decodeSourceText } from '@mcp-lsp-bridge/fs-adapter';
import fs from 'node:fs';

/** A source file's text, or why it cannot be used as one (worded by the domain). */
export type SourceRead = { readonly text: string; readonly failure?: undefined } | { readonly text?: undefined; readonly failure: string };

/**
 * Reads a source file as the language services do (UTF-8, or UTF-16 with a BOM; the BOM
 * dropped), refusing a file larger than `maxBytes` (`size` is its stat's) or binary content.
 * `limitLabel` is the limit as the user configured it (a lib file may have none).
 */
export function readSourceFile(file: string, size: number, maxBytes: number, limitLabel: number): SourceRead {
  const tooLarge = { failure: fileFaultReason({ kind: 'too-large', limitBytes: limitLabel }) };
  if (size > maxBytes) return tooLarge;
  let buffer: Buffer;
  try {
    buffer = fs.readFileSync(file);
  } catch (error) {
    return { failure: fileFaultReason({ kind: 'unreadable', code: (error as NodeJS.ErrnoException).code ?? String(error) }) };
  }
  if (buffer.length > maxBytes) return tooLarge;
  const text = decodeSourceText(buffer);
  return text === undefined ? { failure: fileFaultReason({ kind: 'binary' }) } : { text };
}

/**
 * Whether a file that could not be used as source text still spells `word` in its bytes
 * (UTF-8 or UTF-16): such a file may use a symbol of that name, so an edit that must reach
 * every use cannot go ahead without it. Unreadable files may, for all anyone knows.
 */
export function fileSpells(file: string, word: string): boolean {
  let buffer: Buffer;
  try {
    buffer = fs.readFileSync(file);
  } catch {
    return true;
  }
  return buffer.includes(Buffer.from(word, 'utf8')) || buffer.includes(Buffer.from(word, 'utf16le'));
}
