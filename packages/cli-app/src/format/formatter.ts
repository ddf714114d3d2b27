import { isAbsolute, join, relative } from 'node:path';
import type { Style } from './style.js';

/** What every human formatter needs: the colours, and paths as the user can paste them back. */
export interface Formatter {
  readonly style: Style;
  /** A result path (relative to the root, or absolute when external) as shown: relative to the current directory. */
  path(filePath: string): string;
  /** `path:line:col` (or `path:line`), coloured like grep's. */
  location(filePath: string, line: number, column?: number): string;
}

export function createFormatter(style: Style, cwd: string, root: string): Formatter {
  const path = (filePath: string): string => (isAbsolute(filePath) ? filePath : relative(cwd, join(root, filePath)) || '.');
  const colon = style.separator(':');
  return {
    style,
    path,
    location: (filePath, line, column) =>
      `${style.path(path(filePath))}${colon}${style.number(String(line))}${column === undefined ? '' : `${colon}${style.number(String(column))}`}`,
  };
}

export function plural(count: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : pluralNoun}`;
}
