import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { LineIndex } from '@mcp-lsp-bridge/domain';
import ts from 'typescript';
import { Rng } from './rng.js';

export type SymbolKind = 'function' | 'method' | 'class' | 'interface' | 'type' | 'const';

export interface SampledSymbol {
  readonly name: string;
  readonly kind: SymbolKind;
  /** Relative to the corpus root, `/` separators. */
  readonly filePath: string;
  /** 1-based line and code-point column of the declaration's name. */
  readonly line: number;
  readonly column: number;
  /** Identifiers spelled like the name across the corpus: how often it is used, roughly. */
  readonly uses: number;
}

const KINDS: readonly SymbolKind[] = ['function', 'method', 'class', 'interface', 'type', 'const'];

interface Candidate extends Omit<SampledSymbol, 'uses'> {
  readonly node: ts.Identifier;
}

function isExported(node: ts.Node): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

/**
 * Exported declarations and the members of exported classes and interfaces, found with the
 * TypeScript parser (no checker), then a seeded pick mixing kinds and usage frequency:
 * per kind, alternately from the most used and the least used halves.
 */
export function sampleSymbols(root: string, files: readonly string[], seed: number, count: number): SampledSymbol[] {
  const uses = new Map<string, number>();
  const candidates: Candidate[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const lines = new LineIndex(text);
    const filePath = relative(root, file).split('\\').join('/');
    const add = (name: ts.Identifier, kind: SymbolKind): void => {
      const pos = lines.positionOf(name.getStart(sf));
      candidates.push({ name: name.text, kind, filePath, line: pos.line, column: pos.column, node: name });
    };
    const countIds = (node: ts.Node): void => {
      if (ts.isIdentifier(node)) uses.set(node.text, (uses.get(node.text) ?? 0) + 1);
      node.forEachChild(countIds);
    };
    countIds(sf);
    for (const stmt of sf.statements) {
      if (!isExported(stmt)) continue;
      if (ts.isFunctionDeclaration(stmt) && stmt.name && stmt.body) add(stmt.name, 'function');
      else if (ts.isClassDeclaration(stmt) && stmt.name) {
        add(stmt.name, 'class');
        for (const member of stmt.members) {
          if (ts.isMethodDeclaration(member) && member.body && ts.isIdentifier(member.name)) add(member.name, 'method');
        }
      } else if (ts.isInterfaceDeclaration(stmt)) {
        add(stmt.name, 'interface');
        for (const member of stmt.members) {
          if (ts.isMethodSignature(member) && ts.isIdentifier(member.name)) add(member.name, 'method');
        }
      } else if (ts.isTypeAliasDeclaration(stmt)) add(stmt.name, 'type');
      else if (ts.isVariableStatement(stmt) && (stmt.declarationList.flags & ts.NodeFlags.Const) !== 0) {
        for (const decl of stmt.declarationList.declarations) if (ts.isIdentifier(decl.name)) add(decl.name, 'const');
      }
    }
  }
  const rng = new Rng(seed);
  const byKind = new Map<SymbolKind, SampledSymbol[]>();
  for (const kind of KINDS) {
    const seen = new Set<string>();
    const list = candidates
      .filter((c) => c.kind === kind)
      .map(({ node: _node, ...c }) => ({ ...c, uses: uses.get(c.name) ?? 0 }))
      // One declaration per name and kind: overloads and merged declarations are one symbol.
      .filter((c) => (seen.has(`${c.filePath}:${c.name}`) ? false : (seen.add(`${c.filePath}:${c.name}`), true)))
      .sort((a, b) => b.uses - a.uses || a.filePath.localeCompare(b.filePath) || a.line - b.line);
    const half = Math.ceil(list.length / 2);
    const high = rng.shuffle(list.slice(0, half));
    const low = rng.shuffle(list.slice(half));
    const mixed: SampledSymbol[] = [];
    while (high.length > 0 || low.length > 0) {
      const h = high.shift();
      if (h) mixed.push(h);
      const l = low.shift();
      if (l) mixed.push(l);
    }
    byKind.set(kind, mixed);
  }
  const out: SampledSymbol[] = [];
  const names = new Set<string>();
  while (out.length < count) {
    let added = false;
    for (const kind of KINDS) {
      const list = byKind.get(kind) ?? [];
      let next = list.shift();
      while (next && names.has(`${next.filePath}:${next.name}`)) next = list.shift();
      if (next && out.length < count) {
        out.push(next);
        names.add(`${next.filePath}:${next.name}`);
        added = true;
      }
    }
    if (!added) break;
  }
  return out;
}
