import type { AddressArgs, DocumentSymbolItem } from './symbol-results.js';
import type { Marker, Workspace } from './workspace.js';

/** A declaration marked `/*@node:<kind>:<Qualified.name>*\/name` (its last line `/*@end:<Qualified.name>*\/`). */
export interface MarkedNode {
  readonly marker: Marker;
  readonly kind: string;
  readonly qualifiedName: string;
  /** The last segment of the qualified name. */
  readonly name: string;
  /** `<kind>:<file>:<Qualified.name>`, as the contract builds node ids. */
  readonly nodeId: string;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /** The line of its `end` marker; a declaration without one fits on its marker's line. */
  readonly endLine: number;
}

/** Every marked declaration (of `file`, if given), in file then text order. */
export async function markedNodes(ws: Workspace, file?: string): Promise<MarkedNode[]> {
  const query = file !== undefined ? { file } : {};
  const ends = await ws.markers({ ...query, kinds: ['end'] });
  const out: MarkedNode[] = [];
  for (const marker of await ws.markers({ ...query, kinds: ['node'] })) {
    const separator = marker.tag.indexOf(':');
    const kind = marker.tag.slice(0, separator);
    const qualifiedName = marker.tag.slice(separator + 1);
    const end = ends.find((e) => e.file === marker.file && e.tag === qualifiedName);
    out.push({
      marker,
      kind,
      qualifiedName,
      name: qualifiedName.split('.').at(-1) ?? qualifiedName,
      nodeId: `${kind}:${marker.file}:${qualifiedName}`,
      file: marker.file,
      line: marker.line,
      column: marker.column,
      endLine: end?.line ?? marker.line,
    });
  }
  return out;
}

/** The one declaration marked with this qualified name in the project; throws unless exactly one. */
export async function markedNode(ws: Workspace, qualifiedName: string): Promise<MarkedNode> {
  const found = (await markedNodes(ws)).filter((n) => n.qualifiedName === qualifiedName);
  if (found.length !== 1) throw new Error(`expected one /*@node:…:${qualifiedName}*/ marker, found ${found.length}`);
  return found[0] as MarkedNode;
}

/** The three ways to address a declaration: at its name, by (qualified) name in its file, by node id. */
export function byPosition(ws: Workspace, node: MarkedNode): AddressArgs {
  return { workspaceRoot: ws.root, filePath: node.file, line: node.line, column: node.column };
}

export function bySymbol(ws: Workspace, node: MarkedNode, symbol = node.qualifiedName): AddressArgs {
  return { workspaceRoot: ws.root, filePath: node.file, symbol };
}

export function byNodeId(ws: Workspace, node: MarkedNode): AddressArgs {
  return { workspaceRoot: ws.root, nodeId: node.nodeId };
}

/** The outline `document_symbols` must give for a file: the marked declarations nested by qualified name, in source order. */
export async function expectedOutline(ws: Workspace, file: string): Promise<DocumentSymbolItem[]> {
  const nodes = (await markedNodes(ws, file)).sort((a, b) => a.line - b.line || a.column - b.column);
  const itemsOf = (parent: string | undefined): DocumentSymbolItem[] =>
    nodes
      .filter((n) => parentOf(n.qualifiedName) === parent)
      .map((n) => {
        const children = itemsOf(n.qualifiedName);
        const item: DocumentSymbolItem = {
          name: n.name,
          kind: n.kind,
          nodeId: n.nodeId,
          line: n.line,
          column: n.column,
          endLine: n.endLine,
        };
        return children.length > 0 ? { ...item, children } : item;
      });
  return itemsOf(undefined);
}

function parentOf(qualifiedName: string): string | undefined {
  const dot = qualifiedName.lastIndexOf('.');
  return dot < 0 ? undefined : qualifiedName.slice(0, dot);
}

/** An outline as returned, with empty `children` dropped so it compares with `expectedOutline`. */
export function withoutEmptyChildren(items: readonly DocumentSymbolItem[]): DocumentSymbolItem[] {
  return items.map(({ children, ...item }) =>
    children !== undefined && children.length > 0 ? { ...item, children: withoutEmptyChildren(children) } : item,
  );
}
