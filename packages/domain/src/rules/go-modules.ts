import { baseName, directoryOf } from '../setup/shell-words.js';
import { isInsideRoot, resolvePath } from './paths.js';

/**
 * Which of the workspace's Go files a gopls started at the root builds. A directory below the
 * root with a `go.mod` of its own is another module: it builds against the version of this one
 * its `require` names (a published one, fetched into the module cache), not against the source
 * here, so gopls's own references and rename leave it alone, and it reads its imports as a file
 * outside any package ("command-line-arguments") when shown it. A `go.work` at the root that
 * `use`s the nested module makes it part of the build. Without a `go.mod` or `go.work` at the root
 * nothing is left out (gopls has no module to build then: the set-up check says so).
 *
 * `listed` is every file of the workspace (absolute POSIX paths); `read` gives a listed file's
 * text (here: the root's `go.work`). The answer says, of a Go file, whether it is outside.
 */
export function goFilesOutsideBuild(
  root: string,
  listed: readonly string[],
  read: (file: string) => string | undefined,
): (file: string) => boolean {
  const moduleDirs = new Set(listed.filter((file) => baseName(file) === 'go.mod').map(directoryOf));
  const workFile = resolvePath(root, 'go.work');
  const work = listed.includes(workFile) ? read(workFile) : undefined;
  if (!moduleDirs.has(root) && work === undefined) return () => false;
  const built = new Set(work === undefined ? [root] : goWorkUses(work).map((dir) => resolvePath(root, dir)));
  const moduleOf = (file: string): string | undefined => {
    for (let dir = directoryOf(file); isInsideRoot(root, dir); dir = directoryOf(dir)) {
      if (moduleDirs.has(dir)) return dir;
      if (dir === root) break;
    }
    return undefined;
  };
  return (file) => {
    const module = moduleOf(file);
    return module !== undefined && !built.has(module);
  };
}

/** The directories a `go.work` names in its `use` directives, single (`use ./a`) or in a block (`use ( ./a ./b )`). */
export function goWorkUses(text: string): string[] {
  const uses: string[] = [];
  const lines = text.replace(/\/\/.*$/gm, '').split('\n');
  let inBlock = false;
  for (const raw of lines) {
    const line = raw.trim();
    if (inBlock) {
      if (line.startsWith(')')) inBlock = false;
      else if (line !== '') uses.push(unquoted(line));
      continue;
    }
    const use = /^use\s*(.*)$/.exec(line)?.[1]?.trim();
    if (use === undefined) continue;
    if (use.startsWith('(')) {
      const rest = use.slice(1).trim();
      if (rest.endsWith(')')) uses.push(...rest.slice(0, -1).trim().split(/\s+/).filter(Boolean).map(unquoted));
      else {
        inBlock = true;
        if (rest !== '') uses.push(unquoted(rest));
      }
    } else if (use !== '') uses.push(unquoted(use));
  }
  return uses;
}

function unquoted(word: string): string {
  return word.replace(/^["`]|["`]$/g, '');
}

/** A module a go.mod requires, at the version it names. */
export interface GoRequirement {
  readonly path: string;
  readonly version: string;
}

/**
 * The `require` directives of a go.mod (one-line and blocks), less the modules a `replace`
 * directive points at a local directory: those are never downloaded.
 */
export function goModRequirements(goMod: string): GoRequirement[] {
  const lines = goMod.split('\n').map((line) => line.replace(/\/\/.*$/, '').trim());
  const found: GoRequirement[] = [];
  const replacedLocally = new Set<string>();
  let block: string | undefined;
  for (const line of lines) {
    if (block !== undefined) {
      if (line === ')') block = undefined;
      else directive(block, line);
      continue;
    }
    const opened = /^(require|replace)\s*\($/.exec(line);
    if (opened !== null) block = opened[1];
    else {
      const single = /^(require|replace)\s+(.+)$/.exec(line);
      if (single !== null) directive(single[1] ?? '', single[2] ?? '');
    }
  }
  return found.filter((req) => !replacedLocally.has(req.path));

  function directive(kind: string, text: string): void {
    if (kind === 'require') {
      const [modulePath, version] = text.split(/\s+/);
      if (modulePath !== undefined && version !== undefined) found.push({ path: modulePath, version });
    } else if (kind === 'replace') {
      const [from, to] = text.split('=>').map((side) => side.trim());
      if (from !== undefined && to !== undefined && /^\.{1,2}\//.test(to)) replacedLocally.add(from.split(/\s+/)[0] ?? from);
    }
  }
}

/** A module's directory in the module cache, relative to it: upper-case letters escaped as `!` + lower case (the go command's rule). */
export function moduleCachePath(req: GoRequirement): string {
  const escape = (text: string): string => text.replace(/[A-Z]/g, (letter) => `!${letter.toLowerCase()}`);
  return `${escape(req.path)}@${escape(req.version)}`;
}
