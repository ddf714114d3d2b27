import type { ClassFact, FileOffset, MethodFact, MethodFamilyFacts } from '@mcp-lsp-bridge/domain';
import { fileSpells } from '@mcp-lsp-bridge/workspace';
import type { CallContext } from '../call-context.js';

/*
 * The facts of a method's family for a server that answers no implementations (pyright), gathered
 * once per rename: the methods of the same name in the workspace's files and the classes they sit
 * in, and each of those classes' bases followed by the server's own definition (so only the classes
 * the server resolves are related, never two classes that merely share a name), up to the top of
 * each lineage. Classes are read from their `class Name(Base, …):` headers and a method's class
 * from indentation. Which methods are the family is the domain's rule (`methodFamily`).
 */

/** A class, by its name's place. */
interface ClassDecl {
  readonly path: string;
  readonly nameStart: number;
  /** The offsets of the last name of each base expression (`abc.ABC` → `ABC`, `Generic[T]` → `Generic`). */
  readonly bases: readonly number[];
}

const IDENTIFIER = /[\p{ID_Start}_][\p{ID_Continue}]*/u;
const CLASS_HEADER = new RegExp(String.raw`^[ \t]*class[ \t]+(${IDENTIFIER.source})[ \t]*([(:])`, 'u');
const DEF_BEFORE = /^[ \t]*(?:async[ \t]+)?def[ \t]+$/;

/** The family facts of the method at `site` (a use or its `def`); `undefined` when no method of a class is there. */
export async function methodFamilyFacts(ctx: CallContext, site: FileOffset): Promise<MethodFamilyFacts | undefined> {
  const name = ctx.nameAt(site);
  if (name === '') return undefined;
  const declaration = (await ctx.definition(site.path, site.offset))[0] ?? { path: site.path, start: site.offset, length: name.length };
  const own = classOfMethod(ctx, declaration.path, declaration.start);
  if (own === undefined) return undefined;
  const holders = [own];
  const methods: MethodFact[] = [];
  for (const file of ctx.sourceFiles()) {
    if (!fileSpells(file, name)) continue;
    const text = ctx.workspace.files.text(file);
    if (text === undefined) continue;
    for (const id of ctx.identifiers(file, 0, text.length)) {
      if (id.text !== name || !DEF_BEFORE.test(text.slice(text.lastIndexOf('\n', id.start - 1) + 1, id.start))) continue;
      ctx.signal.throwIfAborted();
      const holder = classOfMethod(ctx, file, id.start);
      if (holder === undefined) continue;
      holders.push(holder);
      methods.push({ path: file, start: id.start, length: id.length, classId: keyOf(holder) });
    }
  }
  const method = { path: declaration.path, start: declaration.start, length: declaration.length, classId: keyOf(own) };
  return { method, methods, classes: await lineages(ctx, holders) };
}

/** `classes` and every class above them, each with the classes its bases lead to by the server's definition (asked once a class). */
async function lineages(ctx: CallContext, classes: readonly ClassDecl[]): Promise<ClassFact[]> {
  const facts = new Map<string, ClassFact>();
  const queue = [...classes];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    if (facts.has(keyOf(next))) continue;
    const bases: string[] = [];
    facts.set(keyOf(next), { id: keyOf(next), bases });
    for (const base of next.bases) {
      ctx.signal.throwIfAborted();
      for (const target of await ctx.definition(next.path, base)) {
        const parent = classNamedAt(ctx, target.path, target.start);
        if (parent === undefined) continue;
        bases.push(keyOf(parent));
        queue.push(parent);
      }
    }
  }
  return [...facts.values()];
}

function keyOf(cls: ClassDecl): string {
  return `${cls.path}\0${cls.nameStart}`;
}

/** The class whose body holds the `def` at `offset`: the nearest line above indented less, if it is a class header. */
function classOfMethod(ctx: CallContext, path: string, offset: number): ClassDecl | undefined {
  const text = ctx.workspace.files.text(path);
  if (text === undefined) return undefined;
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const indent = indentOf(text.slice(lineStart, offset));
  for (let end = lineStart - 1; end > 0;) {
    const start = text.lastIndexOf('\n', end - 1) + 1;
    const line = text.slice(start, end);
    end = start - 1;
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#') || trimmed.startsWith('@') || indentOf(line) >= indent) continue;
    return classHeaderAt(text, path, start);
  }
  return undefined;
}

/** The class whose name is at `offset` (where the server's definition of a base leads). */
function classNamedAt(ctx: CallContext, path: string, offset: number): ClassDecl | undefined {
  const text = ctx.workspace.files.text(path);
  if (text === undefined) return undefined;
  const cls = classHeaderAt(text, path, text.lastIndexOf('\n', offset - 1) + 1);
  return cls?.nameStart === offset ? cls : undefined;
}

function classHeaderAt(text: string, path: string, lineStart: number): ClassDecl | undefined {
  const lineEnd = text.indexOf('\n', lineStart);
  const header = CLASS_HEADER.exec(text.slice(lineStart, lineEnd < 0 ? text.length : lineEnd));
  const [whole, name, opening] = header ?? [];
  if (whole === undefined || name === undefined) return undefined;
  const nameStart = lineStart + whole.lastIndexOf(name, whole.length - 1);
  return { path, nameStart, bases: opening === '(' ? baseNames(text, lineStart + whole.length) : [] };
}

/** The offset of each base's last name, from just after `(` to its `)`; keyword arguments (`metaclass=`) are no bases. */
function baseNames(text: string, from: number): number[] {
  const names: number[] = [];
  let depth = 0;
  let segment = from;
  for (let i = from; i < text.length; i++) {
    const char = text.charAt(i);
    if (char === '(' || char === '[' || char === '{') depth++;
    else if ((char === ')' || char === ']' || char === '}') && depth > 0) depth--;
    else if (char === ',' || char === ')') {
      if (depth === 0) {
        const name = lastName(text.slice(segment, i));
        if (name !== undefined) names.push(segment + name);
        segment = i + 1;
        if (char === ')') break;
      }
    }
  }
  return names;
}

function lastName(segment: string): number | undefined {
  if (/(?<![=!<>])=(?!=)/.test(segment)) return undefined;
  const bare = segment.split('[')[0] ?? '';
  const match = /([\p{ID_Start}_][\p{ID_Continue}]*)\s*$/u.exec(bare);
  return match === null ? undefined : match.index;
}

function indentOf(line: string): number {
  return line.length - line.trimStart().length;
}
