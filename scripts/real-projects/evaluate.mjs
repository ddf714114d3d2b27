#!/usr/bin/env node
// The real-project check (issue 23), run by hand, not by CI:
//
//   pnpm build   # the bridge's packages/mcp-app/dist must be built
//   RP_PYTHONPATH=<dir with pytest plugins the Python lacks> node scripts/real-projects/evaluate.mjs [project ...] > /tmp/rp-work/table.md
//   node scripts/real-projects/evaluate.mjs --table   # the table again from /tmp/rp-work/results
//
// Needs gopls, go, clangd, cc, make, python3 with pytest, npm (for the JavaScript projects' tests);
// RP_WORK (default /tmp/rp-work), RP_SYMBOLS (15), RP_RENAMES (3). Takes about 25 minutes.
//
// For each project of projects.mjs (local clones, exported at a fixed commit into /tmp/rp-work):
// a seeded choice of symbols across files; the bridge's find_references and go_to_definition
// through a real MCP client, against the language's own truth asked independently (pyright, gopls
// or clangd through lsp-client.mjs, TypeScript's LanguageService for CommonJS); then renames, each on
// a fresh copy, followed by the project's own build and tests, and for a refusal the server's own
// rename applied by hand and built, to say whether the refusal was justified. Results: a JSON file
// per project in /tmp/rp-work/results/ and a markdown summary on stdout.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LspClient } from './lsp-client.mjs';
import { PROJECTS } from './projects.mjs';
import { BridgeClient } from './bridge-client.mjs';
import { TsTruth } from './ts-truth.mjs';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const WORK = process.env.RP_WORK ?? '/tmp/rp-work';
const SYMBOLS = Number(process.env.RP_SYMBOLS ?? 15);
const RENAMES = Number(process.env.RP_RENAMES ?? 3);
const PYRIGHT_LANGSERVER = join(REPO, 'packages/lsp-adapter/node_modules/pyright/langserver.index.js');
const PYRIGHT_CLI = join(REPO, 'packages/lsp-adapter/node_modules/pyright/index.js');
const SERVERS = {
  python: { command: process.execPath, args: [PYRIGHT_LANGSERVER, '--stdio'], languageId: 'python' },
  go: { command: 'gopls', args: ['serve'], languageId: 'go' },
  c: { command: 'clangd', args: ['--background-index=false', '--log=error'], languageId: 'c' },
};
const log = (...a) => console.error(`[${new Date().toISOString().slice(11, 19)}]`, ...a);

// ---- seeded choice (mulberry32 over a hash of the project's name) ----
function rng(seedText) {
  let a = [...seedText].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, 7);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
function shuffle(items, seed) {
  const random = rng(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

// ---- files, copies, positions ----
function walk(root, dir = root) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === '.git' || name === 'node_modules') return [];
    return statSync(path).isDirectory() ? walk(root, path) : [relative(root, path).split(sep).join('/')];
  });
}
function projectFiles(root, spec) {
  return walk(root)
    .filter((f) => spec.ext.some((e) => f.endsWith(e)))
    .filter((f) => spec.include.some((p) => (p === '' ? true : f.startsWith(p))))
    .filter((f) => !spec.exclude.some((p) => f.startsWith(p)))
    .sort();
}
function exportTo(project, dest) {
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(dest, { recursive: true });
  const archive = spawnSync('git', ['-C', project.source, 'archive', project.ref], { maxBuffer: 1 << 30 });
  spawnSync('tar', ['-x', '-C', dest], { input: archive.stdout, maxBuffer: 1 << 30 });
  if (project.compileFlags) writeFileSync(join(dest, 'compile_flags.txt'), project.compileFlags.join('\n') + '\n');
}
function freshCopy(base, dest) {
  rmSync(dest, { recursive: true, force: true });
  cpSync(base, dest, { recursive: true, filter: (src) => !src.endsWith(`${sep}node_modules`) });
  if (existsSync(join(base, 'node_modules'))) symlinkSync(join(base, 'node_modules'), join(dest, 'node_modules'));
}
const texts = new Map();
function lineText(path, line0) {
  if (!texts.has(path)) texts.set(path, readFileSync(path, 'utf8').split('\n'));
  return texts.get(path)[line0] ?? '';
}
/** An LSP position (0-based, UTF-16) as the bridge's 1-based line and code-point column. */
function toBridge(path, pos) {
  return { line: pos.line + 1, column: [...lineText(path, pos.line).slice(0, pos.character)].length + 1 };
}
function keyOf(root, path, pos) {
  const p = toBridge(path, pos);
  const rel = relative(root, path);
  // Outside the root, the real path: gopls says /usr/lib/go-1.19 where the bridge says /usr/share/go-1.19, one directory.
  const name = rel.startsWith('..') ? realpathSync(path) : rel.split(sep).join('/');
  return `${name}:${p.line}:${p.column}`;
}
// Dependency folders are left out of the bridge's references by default (includeNodeModules); GOROOT and the like are kept, as the server gives them.
const inWorkspace = (key) => !key.startsWith('node_modules/') && !key.includes('/node_modules/');
const IDENT = /^[\p{L}_$][\p{L}\p{N}_$]*/u;

// ---- the truth, through the language's server ----
class LspTruth {
  constructor(language, root) {
    this.root = root;
    this.server = SERVERS[language];
    this.client = new LspClient(this.server.command, this.server.args, root);
  }
  async start(files) {
    await this.client.start();
    return this.client.openAll(
      files.map((f) => join(this.root, f)),
      this.server.languageId,
      180_000,
    );
  }
  uri(file) {
    return pathToFileURL(join(this.root, file)).href;
  }
  async symbols(file) {
    const answer = (await this.client.request('textDocument/documentSymbol', { textDocument: { uri: this.uri(file) } })) ?? [];
    const out = [];
    const visit = (items, depth, parentKind) => {
      for (const s of items) {
        const pos = s.selectionRange?.start ?? s.location?.range.start;
        const top = depth === 0 && [5, 6, 10, 11, 12, 13, 14, 23, 26].includes(s.kind);
        const member = depth === 1 && [5, 23, 10].includes(parentKind) && [6, 7, 8, 22].includes(s.kind);
        if (pos && (top || member)) out.push({ file, pos, kind: s.kind });
        if (s.children && depth === 0) visit(s.children, depth + 1, s.kind);
      }
    };
    visit(answer, 0, 0);
    return out;
  }
  toKeys(locations) {
    return (locations ?? [])
      .map((l) => ('targetUri' in l ? { uri: l.targetUri, range: l.targetSelectionRange } : l))
      .map((l) => keyOf(this.root, fileURLToPath(l.uri), l.range.start));
  }
  async references(file, pos) {
    return this.toKeys(
      await this.client.request('textDocument/references', {
        textDocument: { uri: this.uri(file) },
        position: pos,
        context: { includeDeclaration: true },
      }),
    );
  }
  async definition(file, pos, method = 'textDocument/definition') {
    const answer = await this.client.request(method, { textDocument: { uri: this.uri(file) }, position: pos });
    return this.toKeys(Array.isArray(answer) ? answer : answer ? [answer] : []);
  }
  /** The server's textDocument/declaration (clangd: the prototype), none where it has no such request (gopls). */
  declaration(file, pos) {
    return this.definition(file, pos, 'textDocument/declaration').catch(() => []);
  }
  /** The server's own rename, as text edits by file (LSP positions). */
  async renameEdits(file, pos, newName) {
    const edit = await this.client.request('textDocument/rename', { textDocument: { uri: this.uri(file) }, position: pos, newName });
    const byFile = new Map();
    for (const [uri, edits] of Object.entries(edit?.changes ?? {})) byFile.set(fileURLToPath(uri), edits);
    for (const change of edit?.documentChanges ?? []) if (change.edits) byFile.set(fileURLToPath(change.textDocument.uri), change.edits);
    return byFile;
  }
  stop() {
    return this.client.stop();
  }
}

// ---- builds ----
function runStep(root, project, [label, command, args]) {
  // PYTHONPATH: the copy's own src first (the Python that runs may have the project installed:
  // its tests would test that), then RP_PYTHONPATH, test-only modules installed elsewhere
  // (freezegun from Debian for itsdangerous).
  const pythonPath = [join(root, 'src'), process.env.RP_PYTHONPATH].filter(Boolean).join(':');
  const env = { ...process.env, GOFLAGS: '-mod=mod', GOPROXY: 'off', CI: '1', PYTHONPATH: pythonPath };
  const run = (cmd, argv) => spawnSync(cmd, argv, { cwd: root, env, encoding: 'utf8', maxBuffer: 1 << 28, timeout: 900_000 });
  if (command === 'SYNTAX' || command === 'NODECHECK') {
    const files = projectFiles(root, project.files).filter((f) => (command === 'SYNTAX' ? f.endsWith('.c') : true));
    const failed = files.filter(
      (f) => (command === 'SYNTAX' ? run('cc', ['-fsyntax-only', ...args, f]) : run(process.execPath, ['--check', f])).status !== 0,
    );
    return {
      label,
      ok: failed.length === 0,
      summary: `${files.length - failed.length}/${files.length} files pass${failed.length ? `; failing: ${failed.join(', ')}` : ''}`,
    };
  }
  const r = command === 'PYRIGHT' ? run(process.execPath, [PYRIGHT_CLI, ...args]) : run(command, args);
  const lines = `${r.stdout}\n${r.stderr}`
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const summary = command === 'PYRIGHT' ? (lines.find((l) => /\d+ errors?/.test(l)) ?? lines.at(-1)) : lines.at(-1);
  return { label, ok: r.status === 0, summary: (summary ?? '').slice(0, 160) };
}
const build = (root, project) => project.build.map((step) => runStep(root, project, step));
// As green as before: each step's status, and its counts (pyright's errors, pytest's passed and failed) without timings.
const counts = (summary) => summary.replace(/\b\d+(\.\d+)?m?s\b|\(cached\)/g, '').trim();
const sameAs = (before, after) => after.every((s, i) => s.ok === before[i].ok && counts(s.summary) === counts(before[i].summary));

function applyEdits(byFile) {
  for (const [path, edits] of byFile) {
    const lines = readFileSync(path, 'utf8').split('\n');
    const offsetOf = (p) => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
    let text = lines.join('\n');
    for (const e of [...edits].sort((a, b) => offsetOf(b.range.start) - offsetOf(a.range.start))) {
      text = text.slice(0, offsetOf(e.range.start)) + e.newText + text.slice(offsetOf(e.range.end));
    }
    writeFileSync(path, text);
  }
}

// ---- one project ----
async function evaluate(project, bridge) {
  const dir = join(WORK, project.name);
  const base = join(dir, 'base');
  log(`${project.name}: exporting ${project.ref}`);
  exportTo(project, base);
  if (project.npmInstall) {
    const r = spawnSync('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts'], { cwd: base, encoding: 'utf8' });
    log(`${project.name}: npm install exit ${r.status}`);
  }
  const commit = spawnSync('git', ['-C', project.source, 'rev-parse', `${project.ref}^{commit}`], { encoding: 'utf8' }).stdout.trim();
  const files = projectFiles(base, project.files);
  const truth = project.language === 'javascript' ? new TsTruth(base, files) : new LspTruth(project.language, base);
  const ready = await truth.start(files);
  log(`${project.name}: ${files.length} files, truth ready: ${JSON.stringify(ready)}`);

  // Symbols: the truth's outline of the chosen files, shuffled with the project's name as seed.
  const symbolFiles = files.filter((f) => project.symbolsFrom.some((p) => p === '' || f.startsWith(p)) && !project.symbolsExclude?.test(f));
  const candidates = [];
  const seen = new Set();
  for (const file of symbolFiles) {
    for (const s of await truth.symbols(file)) {
      const name = IDENT.exec(lineText(join(base, file), s.pos.line).slice(s.pos.character))?.[0];
      const key = keyOf(base, join(base, file), s.pos);
      if (!name || name.startsWith('__') || seen.has(key)) continue;
      seen.add(key);
      candidates.push({ ...s, name, key });
    }
  }
  const chosen = shuffle(candidates, project.name).slice(0, SYMBOLS);
  const symbols = [];
  for (const s of chosen) {
    const at = toBridge(join(base, s.file), s.pos);
    const searched = [...new Set((await truth.references(s.file, s.pos)).filter(inWorkspace))].sort();
    // TypeScript's findReferences does not follow a CommonJS require to the module's members
    // (docs/languages.md): the identifiers spelled like the symbol whose definition TypeScript itself
    // takes to the symbol's declaration are references too. Servers' truth is their search alone.
    const resolved = truth.resolvedUses ? (await truth.resolvedUses(s.name, s.file, s.pos)).filter(inWorkspace) : [];
    const expected = [...new Set([...searched, ...resolved])].sort();
    const answer = await bridge.call('find_references', {
      workspaceRoot: base,
      filePath: s.file,
      line: at.line,
      column: at.column,
      limit: 100000,
    });
    const got = answer.ok ? [...new Set(answer.result.references.map((r) => `${r.filePath}:${r.line}:${r.column}`))].sort() : [];
    const missed = expected.filter((k) => !got.includes(k));
    const extra = got.filter((k) => !expected.includes(k));
    // Definition asked at a use: a reference that is none of the symbol's own declarations (a C
    // function's prototype and definition), else at the name; the truth is the server's definition there.
    const own = new Set([s.key, ...(await truth.definition(s.file, s.pos)), ...(await truth.declaration(s.file, s.pos))]);
    const use = expected.find((k) => !own.has(k) && !k.startsWith('/')) ?? s.key;
    const [useFile, useLine, useColumn] = use.split(/:(?=\d+:\d+$)|:(?=\d+$)/);
    const usePath = join(base, useFile);
    const useChar = [...lineText(usePath, Number(useLine) - 1)].slice(0, Number(useColumn) - 1).join('').length;
    const usePos = { line: Number(useLine) - 1, character: useChar };
    const defExpected = [...new Set(await truth.definition(useFile, usePos))].sort();
    const defAnswer = await bridge.call('go_to_definition', {
      workspaceRoot: base,
      filePath: useFile,
      line: Number(useLine),
      column: Number(useColumn),
    });
    const defGot = defAnswer.ok ? [...new Set(defAnswer.result.definitions.map((d) => `${d.filePath}:${d.line}:${d.column}`))].sort() : [];
    const record = {
      symbol: s.name,
      at: s.key,
      kind: s.kind,
      expected: expected.length,
      got: got.length,
      hit: expected.length - missed.length,
      searched: searched.length,
      hitSearched: searched.filter((k) => got.includes(k)).length,
      missed,
      extra,
      error: answer.ok ? undefined : answer.error,
      definition: {
        at: use,
        expected: defExpected,
        got: defGot,
        right: defAnswer.ok && defExpected.join() === defGot.join(),
        error: defAnswer.ok ? undefined : defAnswer.error,
      },
    };
    log(
      `${project.name}: ${s.name} @${s.key}: refs ${record.hit}/${expected.length} (+${extra.length} extra) def ${record.definition.right ? 'right' : 'WRONG'}`,
    );
    symbols.push(record);
  }
  await truth.stop();

  // Renames: the first chosen symbols that have references in two places at least, each on a fresh copy.
  const baselineDir = join(dir, 'baseline');
  freshCopy(base, baselineDir);
  const before = build(baselineDir, project);
  log(`${project.name}: build before: ${JSON.stringify(before)}`);
  const renames = [];
  for (const s of symbols.filter((r) => r.expected >= 2 && !r.error).slice(0, RENAMES)) {
    const copy = join(dir, `rename-${renames.length + 1}`);
    freshCopy(base, copy);
    const [file, line, column] = s.at.split(/:(?=\d+:\d+$)|:(?=\d+$)/);
    const newName = `${s.symbol}Rn`;
    const answer = await bridge.call('rename_symbol', {
      workspaceRoot: copy,
      filePath: file,
      line: Number(line),
      column: Number(column),
      newName,
    });
    const record = { symbol: s.symbol, at: s.at, newName };
    if (answer.ok) {
      record.outcome = 'written';
      record.changes = answer.result.totalChanges ?? answer.result.changes?.length;
      record.after = build(copy, project);
      record.asBefore = sameAs(before, record.after);
    } else {
      record.outcome = `refused: ${answer.error.code}`;
      record.message = answer.error.message;
      // The server's own edits applied by hand on another fresh copy, then built.
      const serverCopy = join(dir, `rename-${renames.length + 1}-server`);
      freshCopy(base, serverCopy);
      texts.clear();
      const own = project.language === 'javascript' ? new TsTruth(serverCopy, files) : new LspTruth(project.language, serverCopy);
      await own.start(files);
      const path = join(serverCopy, file);
      const ch = [...lineText(path, Number(line) - 1)].slice(0, Number(column) - 1).join('').length;
      const edits = await own
        .renameEdits(file, { line: Number(line) - 1, character: ch }, newName)
        .catch((e) => new Map([['error', e.message]]));
      await own.stop();
      if (edits.has('error')) record.serverRename = { error: edits.get('error') };
      else {
        applyEdits(edits);
        const after = build(serverCopy, project);
        record.serverRename = { files: edits.size, after, asBefore: sameAs(before, after) };
        record.refusalJustified = !record.serverRename.asBefore;
      }
    }
    log(`${project.name}: rename ${s.symbol} -> ${newName}: ${JSON.stringify(record)}`);
    renames.push(record);
  }
  texts.clear();
  return {
    project: project.name,
    language: project.language,
    ref: project.ref,
    commit,
    files: files.length,
    ready,
    symbols,
    before,
    renames,
  };
}

// ---- summary ----
function row(r) {
  const expected = r.symbols.reduce((n, s) => n + s.expected, 0);
  const hit = r.symbols.reduce((n, s) => n + s.hit, 0);
  const got = r.symbols.reduce((n, s) => n + s.got, 0);
  const pct = (a, b) => (b === 0 ? 'n/a' : `${((100 * a) / b).toFixed(1)}%`);
  const defs = r.symbols.filter((s) => s.definition.right).length;
  const written = r.renames.filter((x) => x.outcome === 'written');
  const refused = r.renames.filter((x) => x.outcome !== 'written');
  const greens = written.map((x) => (x.asBefore ? 'as before' : 'WORSE')).join(', ') || '-';
  const justified =
    refused
      .map((x) =>
        x.serverRename?.error !== undefined
          ? 'yes (the server refuses it too)'
          : x.refusalJustified === undefined
            ? 'not measured'
            : x.refusalJustified
              ? 'yes'
              : 'NO',
      )
      .join(', ') || '-';
  const searched = r.symbols.reduce((n, s) => n + s.searched, 0);
  const hitSearched = r.symbols.reduce((n, s) => n + s.hitSearched, 0);
  const raw =
    Number.isNaN(searched) || searched === expected
      ? ''
      : `; against findReferences alone ${pct(hitSearched, searched)} / ${pct(hitSearched, got)}`;
  const beforeText = r.before.map((s) => `${s.label} ${s.ok ? 'green' : 'red'}`).join(', ');
  return `| ${r.project}@${r.commit.slice(0, 7)} | ${r.language} | ${r.symbols.length} | ${pct(hit, expected)} (${hit}/${expected}) / ${pct(hit, got)} (${hit}/${got})${raw} | ${defs}/${r.symbols.length} | ${written.length}/${refused.length} | ${beforeText}; after: ${greens} | ${justified} |`;
}

// `--table`: the table again from the results already written (the comparison of builds re-applied).
if (process.argv[2] === '--table') {
  printTable(
    readdirSync(join(WORK, 'results')).map((f) => {
      const r = JSON.parse(readFileSync(join(WORK, 'results', f), 'utf8'));
      for (const x of r.renames) if (x.after) x.asBefore = sameAs(r.before, x.after);
      for (const x of r.renames) if (x.serverRename?.after) x.refusalJustified = !sameAs(r.before, x.serverRename.after);
      return row(r);
    }),
  );
  process.exit(0);
}
function printTable(rows) {
  console.log(
    '| project@commit | language | symbols | references recall / precision | definitions right | renames written / refused | build and tests (before; after each written rename) | refusals justified |',
  );
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
}

const wanted = process.argv.slice(2);
const bridge = new BridgeClient(join(REPO, 'packages/mcp-app/dist/main.js'));
await bridge.connect();
mkdirSync(join(WORK, 'results'), { recursive: true });
const rows = [];
for (const project of PROJECTS.filter((p) => wanted.length === 0 || wanted.includes(p.name))) {
  try {
    const result = await evaluate(project, bridge);
    writeFileSync(join(WORK, 'results', `${project.name}.json`), JSON.stringify(result, null, 2));
    rows.push(row(result));
    log(rows.at(-1));
  } catch (error) {
    log(`${project.name}: not measured: ${error.stack}`);
    rows.push(`| ${project.name} | ${project.language} | not measured: ${String(error.message).slice(0, 80)} | | | | | |`);
  }
}
await bridge.close();
printTable(rows);
