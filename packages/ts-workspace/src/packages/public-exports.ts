import { isDeclarationFile, type PublicExport, type SourceSpan } from '@mcp-lsp-bridge/domain';
import { BUNDLED_TYPESCRIPT as api } from '@mcp-lsp-bridge/ts-syntax';
import path from 'node:path';
import type ts from 'typescript';
import type { FileStore } from '@mcp-lsp-bridge/workspace';
import type { SyntaxCache } from '../syntax/syntax-cache.js';
import type { BuildOutputs, WorkspaceView } from './build-outputs.js';
import { declarationChain } from './declaration-chain.js';
import { packageOf } from './workspace-packages.js';

/** A name a module declares at its top level: where a chain of exports and imports ends. */
interface Origin {
  readonly file: string;
  readonly name: string;
}

/** What a module exports: each public name and the declarations it stands for. */
type ExportTable = Map<string, Origin[]>;

const MODULE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.d.ts', '.d.mts', '.d.cts'];

/**
 * Where workspace packages' entry points export the declarations among `spans` (a rename's
 * edits: the declarations it renames, in whichever package they are), read from the source
 * syntax alone: `export` declarations, `export { a as b }`, `export { a } from`, `export *`
 * and `export * as ns` through relative modules, imports followed to what they import. Each
 * entry point's file is mapped to its source first (`dist/index.d.ts` → `src/index.ts`).
 * Build output is left out (its source is among the spans), and so is a package that
 * re-exports another package by name.
 */
export function publicExportsOf(
  files: FileStore,
  syntax: SyntaxCache,
  outputs: BuildOutputs,
  view: WorkspaceView,
  spans: readonly SourceSpan[],
): PublicExport[] {
  const packages = outputs.packages(view);
  const tables = new ModuleExports(files, syntax);
  const found = new Map<string, PublicExport>();
  for (const pkg of packages) {
    const declarations = spans.filter((s) => packageOf(packages, s.path) === pkg && outputs.outputPackage(view, s.path) === undefined);
    if (declarations.length === 0) continue;
    for (const entry of pkg.entryPoints) {
      const sources = new Set(entry.targets.map((t) => outputs.sourceFileOf(view, t)).filter((f) => f !== undefined));
      for (const source of sources) {
        const table = tables.of(source);
        for (const declaration of declarations) {
          for (const exportedName of exportedNames(table, files, syntax, declaration)) {
            found.set(`${pkg.dir}\0${entry.subpath}\0${exportedName}`, {
              packageDir: pkg.dir,
              packageName: pkg.name,
              entryPoint: entry.subpath,
              exportedName,
            });
          }
        }
      }
    }
  }
  return [...found.values()];
}

/** The names importers write for `declaration` (a top-level declaration or a member of one) through `table`. */
function exportedNames(table: ExportTable, files: FileStore, syntax: SyntaxCache, declaration: SourceSpan): string[] {
  const text = files.text(declaration.path);
  const chain = text === undefined ? undefined : declarationChain(syntax.get(declaration.path, text), declaration.start);
  if (chain === undefined) return [];
  const [top, ...members] = chain;
  const names: string[] = [];
  for (const [publicName, origins] of table) {
    if (origins.some((o) => o.file === declaration.path && o.name === top)) names.push([publicName, ...members].join('.'));
  }
  return names;
}

/** Export tables of modules, each computed once; a cycle of `export *` ends where it started. */
class ModuleExports {
  private readonly tables = new Map<string, ExportTable>();

  constructor(
    private readonly files: FileStore,
    private readonly syntax: SyntaxCache,
  ) {}

  of(file: string): ExportTable {
    const known = this.tables.get(file);
    if (known !== undefined) return known;
    const table: ExportTable = new Map();
    this.tables.set(file, table);
    const text = this.files.text(file);
    if (text === undefined) return table;
    const sourceFile = this.syntax.get(file, text);
    const add = (name: string, origins: readonly Origin[]): void => {
      if (origins.length > 0) table.set(name, [...(table.get(name) ?? []), ...origins]);
    };
    for (const statement of sourceFile.statements) {
      if (api.isExportDeclaration(statement)) this.exportDeclaration(sourceFile, statement, add);
      else if (hasExportModifier(statement)) for (const name of declaredNames(statement)) add(name, [{ file, name }]);
    }
    return table;
  }

  private exportDeclaration(
    sourceFile: ts.SourceFile,
    statement: ts.ExportDeclaration,
    add: (name: string, origins: readonly Origin[]) => void,
  ): void {
    const from =
      statement.moduleSpecifier !== undefined && api.isStringLiteral(statement.moduleSpecifier)
        ? statement.moduleSpecifier.text
        : undefined;
    const target = from === undefined ? undefined : resolveModule(this.files, sourceFile.fileName, from);
    const clause = statement.exportClause;
    if (from !== undefined && target === undefined) return;
    if (clause === undefined) {
      // export * from './m': every name but the default.
      for (const [name, origins] of target === undefined ? [] : this.of(target)) if (name !== 'default') add(name, origins);
    } else if (api.isNamespaceExport(clause)) {
      for (const [name, origins] of target === undefined ? [] : this.of(target)) add(`${clause.name.text}.${name}`, origins);
    } else {
      for (const element of clause.elements) {
        const local = (element.propertyName ?? element.name).text;
        add(element.name.text, target === undefined ? this.local(sourceFile, local) : (this.of(target).get(local) ?? []));
      }
    }
  }

  /** What a name of the module stands for: its own top-level declaration, or what an import brings. */
  private local(sourceFile: ts.SourceFile, name: string): Origin[] {
    for (const statement of sourceFile.statements) {
      if (declaredNames(statement).includes(name)) return [{ file: sourceFile.fileName, name }];
      if (!api.isImportDeclaration(statement) || !api.isStringLiteral(statement.moduleSpecifier)) continue;
      const bindings = statement.importClause?.namedBindings;
      if (bindings === undefined || !api.isNamedImports(bindings)) continue;
      const element = bindings.elements.find((e) => e.name.text === name);
      if (element === undefined) continue;
      const target = resolveModule(this.files, sourceFile.fileName, statement.moduleSpecifier.text);
      return target === undefined ? [] : (this.of(target).get((element.propertyName ?? element.name).text) ?? []);
    }
    return [];
  }
}

function hasExportModifier(statement: ts.Statement): boolean {
  return api.canHaveModifiers(statement) && (api.getModifiers(statement) ?? []).some((m) => m.kind === api.SyntaxKind.ExportKeyword);
}

/** The top-level names a statement declares (a `const a = 1, b = 2` declares two). */
function declaredNames(statement: ts.Statement): string[] {
  if (api.isVariableStatement(statement)) {
    return statement.declarationList.declarations.flatMap((d) => (api.isIdentifier(d.name) ? [d.name.text] : []));
  }
  if (
    api.isFunctionDeclaration(statement) ||
    api.isClassDeclaration(statement) ||
    api.isInterfaceDeclaration(statement) ||
    api.isTypeAliasDeclaration(statement) ||
    api.isEnumDeclaration(statement) ||
    api.isModuleDeclaration(statement)
  ) {
    return statement.name !== undefined && api.isIdentifier(statement.name) ? [statement.name.text] : [];
  }
  return [];
}

/** A relative module specifier as TypeScript resolves it to source (`./shape.js` → `./shape.ts`); package names are not followed. */
function resolveModule(files: FileStore, fromFile: string, specifier: string): string | undefined {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return undefined;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const stem = base.replace(/\.([mc]?)jsx?$/, '');
  const candidates = [
    ...(stem !== base ? MODULE_EXTENSIONS.map((ext) => stem + ext) : []),
    base,
    ...MODULE_EXTENSIONS.map((ext) => base + ext),
    ...MODULE_EXTENSIONS.map((ext) => path.join(base, `index${ext}`)),
  ];
  return candidates.find((candidate) => (isDeclarationFile(candidate) || /\.[mc]?tsx?$/.test(candidate)) && files.fileExists(candidate));
}
