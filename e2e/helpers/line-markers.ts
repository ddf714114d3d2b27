import { relative, sep } from 'node:path';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { codePointLength, lineText, linesOf } from './text.js';
import type { Marker, Workspace } from './workspace.js';

/**
 * Markers of languages without block comments (Python) or whose fixtures keep their code
 * plain: a line comment at the end of the marked line, `# @kind:tag name` (`//` in C, C++ and Go),
 * several per line. The marker stands for the first whole-word `name` in the line's code
 * (`name#2` the second).
 */
const LINE_MARKER = /@([a-z]+):(\S+)\s+([\p{ID_Start}_][\p{ID_Continue}]*)(?:#(\d+))?/gu;

const COMMENT_OF: Readonly<Record<string, string>> = {
  '.py': '#',
  '.pyi': '#',
  '.c': '//',
  '.h': '//',
  '.cpp': '//',
  '.hpp': '//',
  '.go': '//',
  '.ts': '//',
};

export interface LineMarkerQuery {
  readonly tag?: string;
  readonly kinds?: readonly string[];
  readonly file?: string;
}

/** Every line marker of the workspace's files (of the languages above), in file then line order. */
export async function lineMarkers(ws: Workspace, query: LineMarkerQuery = {}): Promise<Marker[]> {
  const files = query.file !== undefined ? [query.file] : await markedFiles(ws.root);
  const out: Marker[] = [];
  for (const file of files) {
    const comment = COMMENT_OF[file.slice(file.lastIndexOf('.'))];
    if (comment === undefined) continue;
    const text = await ws.read(file);
    for (const [index, line] of linesOf(text).entries()) {
      const at = line.indexOf(`${comment} @`);
      if (at < 0) continue;
      const code = line.slice(0, at);
      for (const match of line.slice(at).matchAll(LINE_MARKER)) {
        const [, kind = '', tag = '', name = '', nth = '1'] = match;
        if (query.tag !== undefined && tag !== query.tag) continue;
        if (query.kinds !== undefined && !query.kinds.includes(kind)) continue;
        const offset = wholeWord(code, name, Number(nth));
        if (offset < 0) throw new Error(`${file}:${index + 1}: "${name}" #${nth} is not in the code of the line`);
        const column = codePointLength(code.slice(0, offset)) + 1;
        out.push({
          kind,
          tag,
          file,
          displayPath: file,
          line: index + 1,
          column,
          identifier: name,
          endColumn: column + codePointLength(name),
          lineText: lineText(text, index + 1),
        });
      }
    }
  }
  return out;
}

/** The single line marker `kind:tag`; throws unless exactly one exists. */
export async function lineMarker(ws: Workspace, kind: string, tag: string): Promise<Marker> {
  const found = await lineMarkers(ws, { kinds: [kind], tag });
  if (found.length !== 1) throw new Error(`expected one @${kind}:${tag} marker, found ${found.length}`);
  return found[0] as Marker;
}

function wholeWord(code: string, name: string, nth: number): number {
  const word = new RegExp(`(?<![\\p{ID_Continue}])${name}(?![\\p{ID_Continue}])`, 'gu');
  let count = 0;
  for (const match of code.matchAll(word)) if (++count === nth) return match.index;
  return -1;
}

async function markedFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory() && !entry.name.startsWith('.') && entry.name !== 'node_modules') await walk(full);
      else if (entry.isFile() && Object.hasOwn(COMMENT_OF, entry.name.slice(entry.name.lastIndexOf('.'))))
        out.push(relative(root, full).split(sep).join('/'));
    }
  };
  await walk(root);
  return out.sort();
}
