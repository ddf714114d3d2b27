/**
 * The floor: the raw TypeScript 5.9 LanguageService with a minimal host, in a process of its
 * own so its RSS compares with the server's process tree. Driven by `floor.ts` over IPC.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { LineIndex } from '@mcp-lsp-bridge/domain';
// Loaded as CommonJS, as the bridge loads it: an ESM import of typescript.js makes Node scan its 9 MB for named exports first.
import ts = require('typescript');
import { RENAME_SAMPLE, type FloorRequest, type FloorResult, type QueryTiming, type RenameFloor } from './floor.js';
import type { SampledSymbol } from './sample.js';
import { toolFloors } from './tool-floors.js';

function createService(tsconfig: string): {
  ls: ts.LanguageService;
  fileNames: string[];
  versions: Map<string, number>;
  overlay: Map<string, string>;
} {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    tsconfig,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error(`cannot read ${tsconfig}`);
  const versions = new Map<string, number>();
  // Edited texts shown to the service in memory (a rename's check), as the bridge shows them.
  const overlay = new Map<string, string>();
  const host: ts.LanguageServiceHost = {
    getCompilationSettings: () => parsed.options,
    getScriptFileNames: () => parsed.fileNames,
    getScriptVersion: (f) => String(versions.get(f) ?? 0),
    getScriptSnapshot: (f) => {
      const text = overlay.get(f) ?? ts.sys.readFile(f);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => dirname(tsconfig),
    getDefaultLibFileName: (o) => ts.getDefaultLibFilePath(o),
    fileExists: (f) => ts.sys.fileExists(f),
    readFile: (f) => ts.sys.readFile(f),
    readDirectory: (...args) => ts.sys.readDirectory(...args),
    directoryExists: (d) => ts.sys.directoryExists(d),
    getDirectories: (d) => ts.sys.getDirectories(d),
    realpath: (p) => (ts.sys.realpath ? ts.sys.realpath(p) : p),
  };
  return { ls: ts.createLanguageService(host, ts.createDocumentRegistry()), fileNames: parsed.fileNames, versions, overlay };
}

class Floor {
  private readonly indexes = new Map<string, LineIndex>();

  constructor(
    readonly root: string,
    readonly ls: ts.LanguageService,
  ) {}

  private index(file: string): LineIndex {
    let index = this.indexes.get(file);
    const text = this.ls.getProgram()?.getSourceFile(file)?.text ?? readFileSync(file, 'utf8');
    if (index?.text !== text) {
      index = new LineIndex(text);
      this.indexes.set(file, index);
    }
    return index;
  }

  offset(symbol: SampledSymbol): { file: string; pos: number } {
    const file = join(this.root, symbol.filePath);
    const pos = this.index(file).offsetOf({ line: symbol.line, column: symbol.column });
    if (pos === undefined) throw new Error(`bad position ${symbol.filePath}:${symbol.line}:${symbol.column}`);
    return { file, pos };
  }

  /** `file:line:column` keys, as the MCP tools report them; workspace files outside node_modules only. */
  key(fileName: string, start: number): string | undefined {
    const rel = relative(this.root, fileName);
    if (rel.startsWith('..') || isAbsolute(rel) || rel.split(/[\\/]/).includes('node_modules')) return undefined;
    const pos = this.index(fileName).positionOf(start);
    return `${rel.split('\\').join('/')}:${pos.line}:${pos.column}`;
  }

  references(symbol: SampledSymbol): string[] {
    const { file, pos } = this.offset(symbol);
    const keys = new Set<string>();
    for (const group of this.ls.findReferences(file, pos) ?? []) {
      for (const ref of group.references) {
        const key = this.key(ref.fileName, ref.textSpan.start);
        if (key !== undefined) keys.add(key);
      }
    }
    return [...keys];
  }

  definition(symbol: SampledSymbol): number {
    const { file, pos } = this.offset(symbol);
    return (this.ls.getDefinitionAtPosition(file, pos) ?? []).length;
  }

  rename(symbol: SampledSymbol): number {
    return this.renameLocations(symbol).length;
  }

  renameLocations(symbol: SampledSymbol): readonly ts.RenameLocation[] {
    const { file, pos } = this.offset(symbol);
    return this.ls.findRenameLocations(file, pos, false, false, { providePrefixAndSuffixTextForRename: true }) ?? [];
  }
}

/** Every workspace file that imports (or re-exports from) one of `files`, by what the checker resolves each specifier to. */
function importersOf(program: ts.Program, files: ReadonlySet<string>): Set<string> {
  const checker = program.getTypeChecker();
  const importers = new Set<string>();
  for (const source of program.getSourceFiles()) {
    if (source.isDeclarationFile || files.has(source.fileName)) continue;
    for (const statement of source.statements) {
      const specifier = (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier;
      if (!specifier) continue;
      const target = checker.getSymbolAtLocation(specifier)?.declarations?.[0]?.getSourceFile().fileName;
      if (target !== undefined && files.has(target)) {
        importers.add(source.fileName);
        break;
      }
    }
  }
  return importers;
}

/**
 * A warm rename as the raw service would make it safely: its locations, then the files it edits
 * shown with the edits in memory and type-checked with the files that import one of them, then
 * the disk again. Checked twice, each time on a new program (so no checker cache is shared): with
 * the direct importers only (what a conflict check needs at least), and with every file that
 * imports them in turn (what TypeScript's own incremental build re-checks after such an edit:
 * `handleDtsMayChangeOfReferencingExportOfAffectedFile` in its builder invalidates every file that
 * references a file whose declarations changed, transitively). Each symbol renamed to
 * `<name>Renamed`, as the bridge's dry run is.
 */
function renameFloor(service: ReturnType<typeof createService>, floor: Floor, symbol: SampledSymbol): RenameFloor {
  const locations = time(() => floor.renameLocations(symbol));
  const byFile = new Map<string, ts.RenameLocation[]>();
  for (const location of locations.value) byFile.set(location.fileName, [...(byFile.get(location.fileName) ?? []), location]);
  const program = service.ls.getProgram();
  const edited = new Set(byFile.keys());
  const importers = program === undefined ? new Set<string>() : importersOf(program, edited);
  const dependents = program === undefined ? new Set<string>() : dependentsOf(program, edited);
  const newName = `${symbol.name}Renamed`;
  const texts = new Map<string, string>();
  for (const [file, edits] of byFile) {
    let text = readFileSync(file, 'utf8');
    for (const edit of [...edits].sort((a, b) => b.textSpan.start - a.textSpan.start)) {
      const replacement = `${edit.prefixText ?? ''}${newName}${edit.suffixText ?? ''}`;
      text = text.slice(0, edit.textSpan.start) + replacement + text.slice(edit.textSpan.start + edit.textSpan.length);
    }
    texts.set(file, text);
  }
  const checkEdited = (files: Iterable<string>): number => {
    for (const [file, text] of texts) {
      service.overlay.set(file, text);
      service.versions.set(file, (service.versions.get(file) ?? 0) + 1);
    }
    const check = time(() => {
      for (const file of [...edited, ...files]) service.ls.getSemanticDiagnostics(file);
    });
    for (const file of texts.keys()) {
      service.overlay.delete(file);
      service.versions.set(file, (service.versions.get(file) ?? 0) + 1);
    }
    // Back on the disk's texts before the next measurement (not timed: the bridge's answer does not wait for it either).
    service.ls.getProgram();
    return check.ms;
  };
  const checkMs = checkEdited(importers);
  const closureCheckMs = checkEdited(dependents);
  return {
    locationsMs: locations.ms,
    checkMs,
    closureCheckMs,
    edited: byFile.size,
    importers: importers.size,
    dependents: dependents.size,
  };
}

/** Every file that imports one of `files`, directly or through files that import them in turn. */
function dependentsOf(program: ts.Program, files: ReadonlySet<string>): Set<string> {
  const found = new Set<string>();
  for (let next = importersOf(program, files); next.size > 0;) {
    for (const file of next) found.add(file);
    next = new Set([...importersOf(program, new Set([...files, ...found]))].filter((file) => !found.has(file)));
  }
  return found;
}

function time<T>(body: () => T): { ms: number; value: T } {
  const t0 = performance.now();
  const value = body();
  return { ms: performance.now() - t0, value };
}

function run(request: FloorRequest): FloorResult {
  const first = request.sample[0];
  if (!first) throw new Error('empty sample');
  if (request.mode === 'cold-refs') {
    // Process-to-answer: what the caller times from the spawn (Node, TypeScript, the program, the query).
    const cold = time(() => new Floor(request.root, createService(request.tsconfig).ls).references(first));
    return { mode: request.mode, coldMs: cold.ms };
  }
  if (request.mode === 'cold-def' || request.mode === 'cold-rename') {
    const config = time(() => createService(request.tsconfig));
    const query = time(() => {
      const floor = new Floor(request.root, config.value.ls);
      return request.mode === 'cold-def' ? floor.definition(first) : floor.rename(first);
    });
    return { mode: request.mode, coldMs: config.ms + query.ms, phases: { configMs: config.ms, programMs: query.ms } };
  }
  let service!: ReturnType<typeof createService>;
  let floor!: Floor;
  const cold = time(() => {
    service = createService(request.tsconfig);
    floor = new Floor(request.root, service.ls);
    return floor.references(first);
  });
  const refs: QueryTiming[] = [];
  const defs: number[] = [];
  for (const symbol of request.sample) {
    const r = time(() => floor.references(symbol));
    refs.push({ ms: r.ms, keys: r.value });
    defs.push(time(() => floor.definition(symbol)).ms);
  }
  const rssBytes = process.memoryUsage().rss;
  const program = service.ls.getProgram();
  let errors = 0;
  let checkMs = 0;
  let suggestionMs = 0;
  // Right after the warm pass, as the bridge is asked (run-corpus.ts): the same state on both sides.
  if (request.check) {
    const c = time(() => {
      let n = service.ls.getCompilerOptionsDiagnostics().filter((d) => d.category === ts.DiagnosticCategory.Error).length;
      for (const file of service.fileNames) {
        for (const d of [...service.ls.getSyntacticDiagnostics(file), ...service.ls.getSemanticDiagnostics(file)]) {
          if (d.category === ts.DiagnosticCategory.Error) n++;
        }
      }
      return n;
    });
    checkMs = c.ms;
    errors = c.value;
    suggestionMs = time(() => {
      for (const file of service.fileNames) service.ls.getSuggestionDiagnostics(file);
    }).ms;
  }
  const renames = request.sample.slice(0, RENAME_SAMPLE).map((symbol) => renameFloor(service, floor, symbol));
  const tools = toolFloors(
    {
      ...service,
      offset: (symbol) => floor.offset(symbol),
      importersOf: (files) => {
        const current = service.ls.getProgram();
        return current === undefined ? new Set() : importersOf(current, files);
      },
    },
    request.sample,
  );
  // Freshness: one file edited on disk; the floor is told exactly which (the ideal host).
  const fresh: number[] = [];
  const edited = new Map<string, string>();
  for (const symbol of request.sample.slice(0, request.freshnessQueries)) {
    const file = join(request.root, symbol.filePath);
    if (!edited.has(file)) edited.set(file, readFileSync(file, 'utf8'));
    appendFileSync(file, `\n// bench edit ${Date.now()}\n`);
    service.versions.set(file, (service.versions.get(file) ?? 0) + 1);
    fresh.push(time(() => floor.references(symbol)).ms);
  }
  for (const [file, text] of edited) {
    ts.sys.writeFile(file, text);
    service.versions.set(file, (service.versions.get(file) ?? 0) + 1);
  }
  return {
    mode: 'main',
    coldMs: cold.ms,
    coldKeys: cold.value.length,
    refs,
    defsMs: defs,
    rssBytes,
    freshnessMs: fresh,
    checkMs,
    suggestionMs,
    errors,
    files: program?.getRootFileNames().length ?? 0,
    renames,
    tools,
  };
}

process.on('message', (request: FloorRequest) => {
  try {
    process.send?.({ ok: true, result: run(request) }, () => process.exit(0));
  } catch (error) {
    process.send?.({ ok: false, error: String(error instanceof Error ? error.stack : error) }, () => process.exit(1));
  }
});
