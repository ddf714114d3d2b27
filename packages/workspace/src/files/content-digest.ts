import { createHash } from 'node:crypto';

/** Stands in for content that is not kept: equal digests, equal content (for change detection, not security). */
export function contentDigest(content: string | Buffer): string {
  return createHash('sha1').update(content).digest('base64');
}
