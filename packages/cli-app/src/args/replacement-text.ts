import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { InputContext, ParsedArgs } from '../command-definition.js';
import { stringOption } from './option-values.js';
import { UsageError } from './usage-error.js';

/**
 * `replace`'s replacement: `--with <text>`, `--from-file <path>` (`-` for stdin), or stdin
 * when it is piped and neither is given. Text read from a file or stdin loses one final
 * newline, as `$(cat file)` does, so `--with "$(cat f)"` and `--from-file f` agree.
 */
export async function replacementText(args: ParsedArgs, context: InputContext, command: string): Promise<string> {
  const text = stringOption(args, 'with');
  const file = stringOption(args, 'from-file');
  if (text !== undefined && file !== undefined)
    throw new UsageError('give the replacement once: --with <text> or --from-file <path>', command);
  if (text !== undefined) return text;
  if (file === '-') return dropFinalNewline(await (context.stdin?.read() ?? Promise.resolve('')));
  if (file !== undefined) return dropFinalNewline(await readReplacement(resolve(context.cwd, file), file, command));
  const missing = new UsageError('missing the replacement: give --with <text>, --from-file <path>, or pipe it on stdin', command);
  if (context.stdin === undefined || context.stdin.isTTY) throw missing;
  const piped = await context.stdin.read();
  if (piped === '') throw missing;
  return dropFinalNewline(piped);
}

async function readReplacement(path: string, given: string, command: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
    throw new UsageError(`cannot read --from-file ${given} (${reason})`, command);
  }
}

function dropFinalNewline(text: string): string {
  return text.replace(/\r?\n$/, '');
}
