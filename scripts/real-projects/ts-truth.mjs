// The truth for CommonJS JavaScript: TypeScript's own LanguageService over the project's .js files
// as they are on disk, with the project's own compiler options where it has a tsconfig.json or
// jsconfig.json (its module resolution, checkJs and types decide what a use refers to), else a
// config-less project allowing JavaScript, as the bridge infers one; the same judge as
// e2e/helpers/typescript-oracle.ts. Every .js file is a root, whatever the config's include. Positions in and out are LSP-like (0-based line,
// UTF-16 character) so the evaluation treats it as it treats a language server.
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';

const KINDS = new Set(['function', 'class', 'method', 'const', 'let', 'var', 'property']);

/** The compiler options of the project's own tsconfig.json or jsconfig.json at its root, if any. */
function projectOptions(root) {
  for (const name of ['tsconfig.json', 'jsconfig.json']) {
    const file = join(root, name);
    if (!ts.sys.fileExists(file)) continue;
    const { config, error } = ts.readConfigFile(file, ts.sys.readFile);
    if (error) continue;
    return ts.parseJsonConfigFileContent(config, ts.sys, root).options;
  }
  return { checkJs: false };
}

/** `exports.name` or `module.exports.name` on the left of an assignment. */
function isExportsTarget(access) {
  const target = access.expression;
  const exportsObject =
    (ts.isIdentifier(target) && target.text === 'exports') ||
    (ts.isPropertyAccessExpression(target) &&
      ts.isIdentifier(target.expression) &&
      target.expression.text === 'module' &&
      target.name.text === 'exports');
  const assignment = access.parent;
  return (
    exportsObject &&
    ts.isBinaryExpression(assignment) &&
    assignment.left === access &&
    assignment.operatorToken.kind === ts.SyntaxKind.EqualsToken
  );
}

/** The identifier starting at `start`. */
function findIdentifier(sf, start) {
  const visit = (node) => {
    if (start < node.getStart(sf) || start >= node.getEnd()) return undefined;
    if (ts.isIdentifier(node) && node.getStart(sf) === start) return node;
    return ts.forEachChild(node, visit);
  };
  return visit(sf);
}

export class TsTruth {
  constructor(root, files) {
    this.root = root;
    const paths = files.map((f) => join(root, f));
    this.files = new Set(paths);
    const options = { ...projectOptions(root), allowJs: true, noEmit: true };
    this.service = ts.createLanguageService({
      getScriptFileNames: () => paths,
      getScriptVersion: () => '1',
      getScriptSnapshot: (file) => (ts.sys.fileExists(file) ? ts.ScriptSnapshot.fromString(readFileSync(file, 'utf8')) : undefined),
      getCurrentDirectory: () => root,
      getCompilationSettings: () => options,
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
    const out = [];
    for (const origin of this.origins(join(this.root, file), this.offset(file, pos))) {
      const groups = this.service.findReferences(origin.fileName, origin.start) ?? [];
      out.push(...groups.flatMap((g) => g.references.map((r) => this.key(r.fileName, r.textSpan.start))));
    }
    return out;
  }
  /**
   * Every identifier spelled `name` in the project whose definition is one of the symbol's own
   * (its position and where it is defined), and every destructured `require` binding of it
   * (`const { name } = require(…)`, which TypeScript binds as an import of the property).
   */
  async resolvedUses(name, file, pos) {
    const own = new Set();
    for (const origin of this.origins(join(this.root, file), this.offset(file, pos))) {
      own.add(this.key(origin.fileName, origin.start));
      for (const d of this.service.getDefinitionAtPosition(origin.fileName, origin.start) ?? [])
        own.add(this.key(d.fileName, d.textSpan.start));
    }
    const out = [];
    for (const sf of this.service.getProgram().getSourceFiles()) {
      if (!this.files.has(sf.fileName)) continue;
      const visit = (node) => {
        if (ts.isIdentifier(node) && node.text === name) {
          const start = node.getStart(sf);
          const defs = [
            ...(this.service.getDefinitionAtPosition(sf.fileName, start) ?? []),
            ...this.required(sf, node).map((d) => ({ fileName: d.fileName, textSpan: { start: d.start } })),
          ].map((d) => this.key(d.fileName, d.textSpan.start));
          if (defs.some((d) => own.has(d))) out.push(this.key(sf.fileName, start));
        }
        ts.forEachChild(node, visit);
      };
      visit(sf);
    }
    return out;
  }
  /**
   * Where the truth asks about a symbol: its position and, for a destructured `require` binding,
   * the declaration of the required module's property (what an ES import specifier's references
   * reach; the bridge treats both alike, docs/languages.md).
   */
  origins(fileName, start) {
    const sf = this.sourceFile(fileName);
    const node = sf && findIdentifier(sf, start);
    return [{ fileName, start }, ...(node ? this.required(sf, node) : [])];
  }
  /** The declarations of the property a destructured `require` binding names, as the checker resolves it. */
  required(sf, node) {
    const element = node.parent;
    if (!element || !ts.isBindingElement(element) || (element.propertyName ?? element.name) !== node) return [];
    const declaration = element.parent?.parent;
    if (!declaration || !ts.isVariableDeclaration(declaration) || !declaration.initializer) return [];
    const init = declaration.initializer;
    if (!ts.isCallExpression(init) || !ts.isIdentifier(init.expression) || init.expression.text !== 'require') return [];
    const checker = this.service.getProgram().getTypeChecker();
    const property = checker.getTypeAtLocation(init).getProperty(node.text);
    const out = [];
    for (const d of property?.declarations ?? []) {
      const name = ts.getNameOfDeclaration(d) ?? d;
      const at = name.getStart(d.getSourceFile());
      // `exports.name = name` or `module.exports = { name }` stands for what it assigns: its definition too.
      out.push({ fileName: d.getSourceFile().fileName, start: at });
      for (const x of this.service.getDefinitionAtPosition(d.getSourceFile().fileName, at) ?? [])
        out.push({ fileName: x.fileName, start: x.textSpan.start });
    }
    return out;
  }
  /**
   * TypeScript's definition; where it stops at a CommonJS export alias (`exports.name = name`,
   * `module.exports = { name }`: asked at a destructured `require` binding), the definition of
   * what the alias assigns, as TypeScript answers at an ES import specifier.
   */
  async definition(file, pos) {
    const out = [];
    for (const d of this.service.getDefinitionAtPosition(join(this.root, file), this.offset(file, pos)) ?? []) {
      const node = findIdentifier(this.sourceFile(d.fileName), d.textSpan.start);
      const alias =
        node &&
        (ts.isShorthandPropertyAssignment(node.parent) || (ts.isPropertyAccessExpression(node.parent) && isExportsTarget(node.parent)));
      const through = alias ? (this.service.getDefinitionAtPosition(d.fileName, d.textSpan.start) ?? []) : [];
      const targets = through.filter((t) => t.fileName !== d.fileName || t.textSpan.start !== d.textSpan.start);
      for (const t of targets.length > 0 ? targets : [d]) out.push(this.key(t.fileName, t.textSpan.start));
    }
    return out;
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
