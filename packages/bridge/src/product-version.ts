import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The product's version: that of the nearest package.json above this module. In the
 * workspace that is this package's; in the published bundle (one flat `dist/`), the
 * `mcp-lsp-bridge` package's, so a release bump needs no second place to edit.
 */
export const PRODUCT_VERSION = nearestManifestVersion(dirname(fileURLToPath(import.meta.url)));

function nearestManifestVersion(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version?: unknown };
      return typeof version === 'string' ? version : 'unknown';
    }
    if (dirname(dir) === dir) return 'unknown';
  }
}
