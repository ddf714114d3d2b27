import type { FileOffset, SourceSpan, TypeItem } from '@mcp-lsp-bridge/domain';
import {
  BUNDLED_TYPESCRIPT as api,
  heritageNames,
  heritageOwnerAt,
  typeDeclarationNamedAt,
  typeDeclarationSpan,
  type TypeDeclaration,
} from '@mcp-lsp-bridge/ts-syntax';
import type ts from 'typescript';

/**
 * What a TypeScript backend answers that a type hierarchy is built from: the service's own
 * definitions and references (aliases, imports, other projects and workspace packages
 * followed), and the files' syntax. Neither TypeScript service offers a type hierarchy (the
 * in-process LanguageService has none, nor do typescript-language-server and TypeScript 7's
 * server), so both backends build the same one from these, the same way.
 */
export interface TypeHierarchyFacts {
  /** The standalone syntax tree of a file as it is on disk (the bundled parser's). */
  syntaxOf(path: string): ts.SourceFile | undefined;
  /** The declarations (their names) of the symbol at `at`, in source. */
  definitions(at: FileOffset): Promise<readonly SourceSpan[]>;
  /** Every reference to the symbol at `at`, across the workspace's projects, in source. */
  references(at: FileOffset): Promise<readonly SourceSpan[]>;
}

/** The class, interface or type alias at `at`: declared there, or the declarations a use of it there leads to. */
export async function typeItemsAt(facts: TypeHierarchyFacts, at: FileOffset): Promise<TypeItem[]> {
  const own = itemAt(facts, at.path, at.offset);
  if (own !== undefined) return [own];
  return (await facts.definitions(at)).flatMap((span) => itemAt(facts, span.path, span.start) ?? []);
}

/**
 * What `item` extends or implements: each name in the heritage clauses of each of its
 * declarations (an interface merged from several has several), at the declarations it leads
 * to. A name that leads to no class, interface or type alias (a value typed as a constructor)
 * is left out.
 */
export async function supertypesOf(facts: TypeHierarchyFacts, item: TypeItem): Promise<TypeItem[]> {
  const supertypes: TypeItem[] = [];
  for (const declaration of await declarationsOf(facts, item)) {
    const file = declaration.getSourceFile();
    for (const name of heritageNames(api, declaration)) {
      for (const span of await facts.definitions({ path: file.fileName, offset: name.getStart(file) })) {
        const found = itemAt(facts, span.path, span.start);
        if (found !== undefined) supertypes.push(found);
      }
    }
  }
  return supertypes;
}

/** What extends or implements `item`: the classes and interfaces whose heritage clause names it, wherever it is referred to. */
export async function subtypesOf(facts: TypeHierarchyFacts, item: TypeItem): Promise<TypeItem[]> {
  const subtypes: TypeItem[] = [];
  for (const reference of await facts.references({ path: item.path, offset: item.nameStart })) {
    const sourceFile = facts.syntaxOf(reference.path);
    const owner = sourceFile === undefined ? undefined : heritageOwnerAt(api, sourceFile, reference.start);
    const found = owner === undefined ? undefined : itemOf(reference.path, owner);
    if (found !== undefined) subtypes.push(found);
  }
  return subtypes;
}

/** Every declaration of `item`'s type (merged interfaces, a class merged with an interface), parsed. */
async function declarationsOf(facts: TypeHierarchyFacts, item: TypeItem): Promise<TypeDeclaration[]> {
  const spans = [{ path: item.path, start: item.nameStart }, ...(await facts.definitions({ path: item.path, offset: item.nameStart }))];
  const seen = new Set<TypeDeclaration>();
  for (const span of spans) {
    const sourceFile = facts.syntaxOf(span.path);
    const declaration = sourceFile === undefined ? undefined : typeDeclarationNamedAt(api, sourceFile, span.start);
    if (declaration !== undefined) seen.add(declaration);
  }
  return [...seen];
}

function itemAt(facts: TypeHierarchyFacts, path: string, offset: number): TypeItem | undefined {
  const sourceFile = facts.syntaxOf(path);
  const declaration = sourceFile === undefined ? undefined : typeDeclarationNamedAt(api, sourceFile, offset);
  return declaration === undefined ? undefined : itemOf(path, declaration);
}

function itemOf(path: string, declaration: TypeDeclaration): TypeItem | undefined {
  const span = typeDeclarationSpan(api, declaration);
  return span === undefined ? undefined : { ...span, path };
}
