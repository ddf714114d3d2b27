import { decodeSourceText, formatBytes, sameStat, statOf, type StatSignature } from '@mcp-lsp-bridge/fs-adapter';
import fs from 'node:fs';

export { sameStat, statOf, type StatSignature };

export type SourceRead = { readonly text: string } | { readonly failure: string };

/**
 * Reads source files as the language services do (UTF-8, or UTF-16 with a BOM; the BOM
 * dropped), refusing binary and oversized files. Reads are cached by stat, so asking twice
 * about an unchanged file costs one stat.
 */
export class SourceFiles {
  private readonly cache = new Map<string, { stat: StatSignature; read: SourceRead }>();

  constructor(private readonly maxFileBytes: number) {}

  /** `undefined` when there is no file. */
  read(file: string): SourceRead | undefined {
    const stat = statOf(file);
    if (stat?.kind !== 'file') {
      this.cache.delete(file);
      return undefined;
    }
    const cached = this.cache.get(file);
    if (cached !== undefined && sameStat(cached.stat, stat) && Date.now() - Math.max(stat.mtimeMs, stat.ctimeMs) > 2000) return cached.read;
    const read = this.load(file, stat);
    this.cache.set(file, { stat, read });
    if (this.cache.size > 4096) this.cache.delete(this.cache.keys().next().value as string);
    return read;
  }

  text(file: string): string | undefined {
    const read = this.read(file);
    return read !== undefined && 'text' in read ? read.text : undefined;
  }

  failure(file: string): string | undefined {
    const read = this.read(file);
    return read !== undefined && 'failure' in read ? read.failure : undefined;
  }

  private load(file: string, stat: StatSignature): SourceRead {
    if (stat.size > this.maxFileBytes) return { failure: `file is larger than ${formatBytes(this.maxFileBytes)}` };
    let buffer: Buffer;
    try {
      buffer = fs.readFileSync(file);
    } catch (error) {
      return { failure: `cannot read the file (${(error as NodeJS.ErrnoException).code ?? String(error)})` };
    }
    const text = decodeSourceText(buffer);
    return text === undefined ? { failure: 'binary file (contains NUL bytes)' } : { text };
  }
}
