import type { FileFailureItem } from '@mcp-lsp-bridge/domain/front';
import { plural, type Formatter } from './formatter.js';

/** FS-001.8 partial failures, after the summary: the results from these files are missing. */
export function formatFailures(failures: readonly FileFailureItem[] | undefined, out: Formatter): string[] {
  if (failures === undefined || failures.length === 0) return [];
  return [
    out.style.warning(`${plural(failures.length, 'file')} could not be processed (results from them are missing):`),
    ...failures.map((f) => `  ${out.style.path(out.path(f.filePath))}: ${f.reason}`),
  ];
}
