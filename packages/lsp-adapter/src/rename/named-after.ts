import { nameWithin, namedAfterStem, type SourceSpan, type TextEdit } from '@mcp-lsp-bridge/domain';
import { fileSpells } from '@mcp-lsp-bridge/workspace';
import path from 'node:path';
import type { CallContext } from '../call-context.js';

/** A declaration named after which functions may be: its directory, and a method's receiver type. */
interface Named {
  readonly directory: string;
  readonly receiver?: string;
}

/**
 * The names of the functions named after the symbol (the profile's `namedAfter`: Go's
 * examples), renamed within: top-level functions of the files beside a top-level declaration of
 * the symbol (a function, a type, a method, an interface's method: not a local). The
 * declarations are the symbol's definition and those its rename edits (a method renamed with its
 * family: each implementation's examples too).
 */
export function namedAfterRenames(ctx: CallContext, declarations: readonly SourceSpan[], oldName: string, newName: string): TextEdit[] {
  const rule = ctx.profile.namedAfter;
  if (rule === undefined || oldName === '') return [];
  const named = new Map<string, Named>();
  for (const declaration of declarations) {
    const receiver = topLevel(ctx, declaration);
    if (receiver === undefined) continue;
    const found = { directory: path.dirname(declaration.path), ...(receiver === '' ? {} : { receiver }) };
    named.set(`${found.directory}\0${receiver}`, found);
  }
  const edits = new Map<string, TextEdit>();
  for (const file of ctx.sourceFiles()) {
    if (!file.endsWith(rule.fileSuffix)) continue;
    const beside = [...named.values()].filter(
      (n) => n.directory === path.dirname(file) && fileSpells(file, namedAfterStem(rule, oldName, n.receiver)),
    );
    const text = beside.length === 0 ? undefined : ctx.workspace.files.text(file);
    if (text === undefined) continue;
    for (const name of ctx.identifiers(file, 0, text.length)) {
      if (!/(?:^|\n)func[ \t]+$/.test(text.slice(Math.max(0, name.start - 8), name.start))) continue;
      for (const { receiver } of beside) {
        const within = nameWithin(name.text, rule, oldName, receiver);
        if (within !== undefined)
          edits.set(`${file}\0${name.start}`, { path: file, start: name.start + within, length: oldName.length, newText: newName });
      }
    }
  }
  return [...edits.values()];
}

const METHOD = /^func[ \t]*\([ \t]*(?:[\p{L}_][\p{L}\p{N}_]*[ \t]+)?\*?[ \t]*([\p{L}_][\p{L}\p{N}_]*)(?:\[[^\]\n]*\])?[ \t]*\)[ \t]*$/u;

/** The header of an interface type, alone or in a `type (…)` group: `type Shape interface {`. */
const INTERFACE = /^(?:type[ \t]+|[ \t]+)([\p{L}_][\p{L}\p{N}_]*)(?:\[[^\]\n]*\])?[ \t]+interface[ \t]*\{[ \t]*(?:\/\/.*)?$/u;

/**
 * Whether a declaration begins its line as `func Name` or `type Name` ('': no receiver), is a
 * method, `func (s *Shape) Name` (its receiver's type), or an interface's method, `Name(…)` on
 * its own line inside `type Shape interface {` (the interface's name: `go vet` binds
 * `ExampleShape_Name` to it); undefined for anything else.
 */
function topLevel(ctx: CallContext, declaration: SourceSpan): string | undefined {
  const text = ctx.workspace.files.text(declaration.path);
  if (text === undefined) return undefined;
  const lineStart = text.lastIndexOf('\n', declaration.start - 1) + 1;
  const before = text.slice(lineStart, declaration.start);
  if (/^(?:func|type)[ \t]+$/.test(before)) return '';
  if (/^[ \t]+$/.test(before) && text.startsWith('(', declaration.start + declaration.length)) return interfaceAround(text, lineStart);
  return METHOD.exec(before)?.[1];
}

/** The interface whose block holds the line at `lineStart`: the lines above it up to the header are its other members. */
function interfaceAround(text: string, lineStart: number): string | undefined {
  let end = lineStart - 1;
  while (end > 0) {
    const start = text.lastIndexOf('\n', end - 1) + 1;
    const line = text.slice(start, end);
    const header = INTERFACE.exec(line);
    if (header) return header[1];
    // Another block's end, or a top-level line: the member is not in an interface's block.
    if (/^[ \t]*\}/.test(line) || /^[^ \t/]/.test(line)) return undefined;
    end = start - 1;
  }
  return undefined;
}
