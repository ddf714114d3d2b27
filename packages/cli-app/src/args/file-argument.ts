import { existsSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { InputContext } from '../command-definition.js';

/**
 * A file named on the command line, as the use-cases take it: relative to the root when
 * inside it, absolute otherwise (the use-case then refuses it as outside the workspace).
 * Relative names start at the current directory, like grep's and tsc's; a name that
 * exists only relative to `--root` is taken from there.
 */
export function fileArgument(file: string, context: InputContext): string {
  let absolute = resolve(context.cwd, file);
  if (!isAbsolute(file) && !existsSync(absolute) && existsSync(resolve(context.root, file))) absolute = resolve(context.root, file);
  const inside = relative(context.root, absolute);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return absolute;
  return inside.split(sep).join('/');
}
