// The truth for CommonJS JavaScript: TypeScript's own LanguageService over the project's .js files
// as they are on disk (a config-less project allowing JavaScript, as the bridge infers one), the
// same judge as e2e/helpers/typescript-oracle.ts. Positions in and out are LSP-like (0-based line,
// UTF-16 character) so the evaluation treats it as it treats a language server.
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

const KINDS = new Set(['function', 'class', 'method', 'const', 'let', 'var', 'property']);

export class TsTruth {
  constructor(root, files) {
    this.root = root;
    const paths = files.map((f) => join(root, f));
    this.files = new Set(paths);
    this.service = ts.createLanguageService({
      getScriptFileNames: () => paths,
      getScriptVersion: () => '1',
      getScriptSnapshot: (file) => (ts.sys.fileExists(file) ? ts.ScriptSnapshot.fromString(readFileSync(file, 'utf8')) : undefined),
      getCurrentDirectory: () => root,
      getCompilationSettings: () => ({ allowJs: true, checkJs: false, noEmit: true }),
      getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
      fileExists: (file) => ts.sys.fileExists(file),
      readFile: (file) => ts.sys.readFile(file),
    });
  }
  async start() {
    return { outcome: 'all', program: this.service.getProgram().getSourceFiles().length };
  }
  sourceFile(path) {
    return this.service.getProgram().getSourceFile(path);
  }
  offset(file, pos) {
    return this.sourceFile(join(this.root, file)).getPositionOfLineAndCharacter(pos.line, pos.character);
  }
  position(fileName, offset) {
    const sf = this.sourceFile(fileName) ?? ts.createSourceFile(fileName, readFileSync(fileName, 'utf8'), ts.ScriptTarget.Latest);
    return sf.getLineAndCharacterOfPosition(offset);
  }
  key(fileName, offset) {
    const { line, character } = this.position(fileName, offset);
    const rel = relative(this.root, fileName);
    const text = readFileSync(fileName, 'utf8').split('\n')[line] ?? '';
    return `${rel.startsWith('..') ? fileName : rel.split(sep).join('/')}:${line + 1}:${[...text.slice(0, character)].length + 1}`;
  }
  async symbols(file) {
    const out = [];
    const visit = (item, depth) => {
      if (depth > 0 && KINDS.has(item.kind) && item.nameSpan)
        out.push({ file, pos: this.position(join(this.root, file), item.nameSpan.start), kind: item.kind });
      if (depth < 2) for (const child of item.childItems ?? []) visit(child, depth + 1);
    };
    visit(this.service.getNavigationTree(join(this.root, file)), 0);
    return out;
  }
  async references(file, pos) {
    const groups = this.service.findReferences(join(this.root, file), this.offset(file, pos)) ?? [];
    return groups.flatMap((g) => g.references.map((r) => this.key(r.fileName, r.textSpan.start)));
  }
  /** Every identifier spelled `name` in the project whose definition is one of the symbol's own (its position and where it is defined). */
  async resolvedUses(name, file, pos) {
    const own = new Set([this.key(join(this.root, file), this.offset(file, pos)), ...(await this.definition(file, pos))]);
    const out = [];
    for (const sf of this.service.getProgram().getSourceFiles()) {
      if (!this.files.has(sf.fileName)) continue;
      const visit = (node) => {
        if (ts.isIdentifier(node) && node.text === name) {
          const start = node.getStart(sf);
          const defs = (this.service.getDefinitionAtPosition(sf.fileName, start) ?? []).map((d) => this.key(d.fileName, d.textSpan.start));
          if (defs.some((d) => own.has(d))) out.push(this.key(sf.fileName, start));
        }
        ts.forEachChild(node, visit);
      };
      visit(sf);
    }
    return out;
  }
  async definition(file, pos) {
    return (this.service.getDefinitionAtPosition(join(this.root, file), this.offset(file, pos)) ?? []).map((d) =>
      this.key(d.fileName, d.textSpan.start),
    );
  }
  async declaration() {
    return [];
  }
  async renameEdits(file, pos, newName) {
    const locations =
      this.service.findRenameLocations(join(this.root, file), this.offset(file, pos), false, false, {
        providePrefixAndSuffixTextForRename: true,
      }) ?? [];
    const byFile = new Map();
    for (const l of locations) {
      const start = this.position(l.fileName, l.textSpan.start);
      const end = this.position(l.fileName, l.textSpan.start + l.textSpan.length);
      const edits = byFile.get(l.fileName) ?? [];
      edits.push({ range: { start, end }, newText: `${l.prefixText ?? ''}${newName}${l.suffixText ?? ''}` });
      byFile.set(l.fileName, edits);
    }
    return byFile;
  }
  async stop() {
    this.service.dispose();
  }
}
