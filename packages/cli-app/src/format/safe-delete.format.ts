import type { SafeDeleteResult } from '@mcp-lsp-bridge/domain/front';
import type { Formatter } from './formatter.js';
import { lineRange } from './outline.format.js';

/** Each removed range as `path:3-6  - old`, the imports that went with it, then what was written. */
export function formatSafeDelete(result: SafeDeleteResult, out: Formatter): string[] {
  const { style } = out;
  const file = out.path(result.filePath);
  const colon = style.separator(':');
  const ranges = result.removed.map(
    (r) => `${style.path(file)}${colon}${style.number(lineRange(r.startLine, r.endLine))}  ${style.removed(`- ${result.symbolName}`)}`,
  );
  const imports = result.importsRemoved.map((name) => `${style.path(file)}  ${style.removed(`- import ${name}`)}`);
  const count = result.importsRemoved.length;
  const also = count === 0 ? '' : ` and ${count === 1 ? 'the import' : `${count} imports`} only it used`;
  return [
    ...ranges,
    ...imports,
    '',
    style.bold(
      result.applied
        ? `Deleted ${result.symbolName}${also} from ${file}, written to disk.`
        : `Dry run: would delete ${result.symbolName}${also} from ${file}; nothing uses it and no file gains an error. Nothing was written.`,
    ),
  ];
}
