import type { SymbolKind } from '../model/symbols.js';
import type { OutlineStep, QueryScope, SymbolIndex } from '../ports/symbol-index.js';
import { nodeIdOf } from '../rules/node-ids.js';
import { flattenOutline, qualifiedNameOf, symbolNamedAt, type QualifiedSymbol } from '../rules/outline.js';
import { isWorkspaceSource, relativeToRoot } from '../rules/paths.js';

/** A declaration found in its file's outline, with its node id (none for an anonymous one). */
export interface NamedDeclaration extends QualifiedSymbol {
  readonly nodeId: string | undefined;
  readonly kind: SymbolKind;
}

/** Asks each file's outline once per call and names declarations by node id. */
export class Outlines {
  private readonly cache = new Map<string, Promise<readonly QualifiedSymbol[]>>();

  constructor(
    private readonly symbols: SymbolIndex,
    private readonly scope: QueryScope,
  ) {}

  /**
   * The symbols of a file the caller addressed by name: a service that cannot answer fails
   * the call (an empty outline would turn a dead server into SYMBOL_NOT_FOUND).
   */
  async addressed(path: string): Promise<readonly QualifiedSymbol[]> {
    const flat = flattenOutline(await this.symbols.outline(this.scope, path));
    this.cache.set(path, Promise.resolve(flat));
    return flat;
  }

  /** The symbols of a workspace file, flattened, to name results; empty for files outside it, in node_modules, or that the service will not outline. */
  flat(path: string): Promise<readonly QualifiedSymbol[]> {
    let entry = this.cache.get(path);
    if (entry === undefined) {
      const root = this.scope.workspaceRoot;
      entry = isWorkspaceSource(root, path)
        ? this.symbols.outline(this.scope, path).then(flattenOutline, (thrown: unknown) => {
            // A file the service will not outline has no node ids; the call itself goes on.
            if (this.scope.signal.aborted) throw thrown;
            return [];
          })
        : Promise.resolve([]);
      this.cache.set(path, entry);
    }
    return entry;
  }

  /** The declaration whose name is at `offset` in `path`, if the outline has one. */
  async declarationAt(path: string, offset: number): Promise<NamedDeclaration | undefined> {
    const found = symbolNamedAt(await this.flat(path), offset);
    return found === undefined ? undefined : this.named(path, found);
  }

  /**
   * The kind and node id of the declaration whose name is at `offset` in `path`, as
   * `declarationAt` names it: from the entries that hold it when the service can give them
   * (cheaper than the whole file's outline, which a first answer about a file would build),
   * else from the outline. A file whose outline this call has already asked is read from it.
   */
  async kindAndNodeIdAt(
    path: string,
    offset: number,
  ): Promise<{ readonly kind: SymbolKind; readonly nodeId: string | undefined } | undefined> {
    const ancestry = this.cache.has(path) ? undefined : await this.ancestry(path, offset);
    const own = ancestry?.at(-1);
    if (ancestry === undefined || own === undefined) return this.declarationAt(path, offset);
    const qualifiedName = qualifiedNameOf(ancestry.map((step) => step.name));
    return { kind: own.kind, nodeId: nodeIdOf({ kind: own.kind, path: this.relative(path), qualifiedName }) };
  }

  private async ancestry(path: string, offset: number): Promise<readonly OutlineStep[] | undefined> {
    if (this.symbols.outlineAncestry === undefined || !isWorkspaceSource(this.scope.workspaceRoot, path)) return undefined;
    try {
      return await this.symbols.outlineAncestry(this.scope, path, offset);
    } catch (thrown) {
      // The outline decides then, with its own handling of a file it cannot read.
      if (this.scope.signal.aborted) throw thrown;
      return undefined;
    }
  }

  relative(path: string): string {
    return relativeToRoot(this.scope.workspaceRoot, path);
  }

  named(path: string, q: QualifiedSymbol): NamedDeclaration {
    const nodeId = nodeIdOf({ kind: q.symbol.kind, path: this.relative(path), qualifiedName: q.qualifiedName });
    return { ...q, nodeId, kind: q.symbol.kind };
  }
}
