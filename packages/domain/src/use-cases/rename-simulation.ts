import type { QueryScope, SourceSpan, TextEdit } from '../ports/symbol-index.js';
import { EditMap } from '../rules/edit-map.js';
import { displayPath, isWorkspaceSource } from '../rules/paths.js';
import { renameConflicts, type Bystander, type RenameConflict, type RenamedSite } from '../rules/rename-conflicts.js';
import { LineIndex } from '../rules/text-positions.js';
import type { BridgePorts } from './ports.js';
import type { RenamePlan } from './rename-plan.js';

/**
 * Asks the service what the renamed names and the names already spelled like the new name
 * refer to, before and after the edits (shown to it in memory, never written), and which
 * errors the edited files have; the domain's rule decides from the answers. Build output is
 * shown renamed (as its rebuild will make it, so consumers see the new name) but neither its
 * names nor its errors are asked about: it is never written, and what it means after the
 * rebuild is what its source means, which is asked (through a declaration map older than the
 * edits, a server can place a name of renamed build output anywhere).
 */
export async function simulateRename(
  ports: BridgePorts,
  scope: QueryScope,
  plan: RenamePlan,
  newName: string,
): Promise<{ readonly conflicts: RenameConflict[]; readonly inFlux: readonly string[] }> {
  const maps = new Map<string, EditMap>();
  for (const [path, edits] of groupByFile(plan.edits)) maps.set(path, new EditMap(edits));
  const overlay = new Map<string, string>();
  const sites: RenamedSite[] = [];
  const bystanders: Bystander[] = [];
  const outputs = new Set(plan.buildOutputs.map((o) => o.path));
  for (const [path, map] of maps) {
    const text = plan.texts.get(path);
    if (text === undefined) continue;
    overlay.set(path, map.apply(text));
    if (outputs.has(path)) continue;
    for (const edit of map.edits)
      sites.push({ path, start: edit.start, newOffset: map.toNew(edit.start) + EditMap.nameOffset(edit, newName) });
    for (const name of ports.syntax.namesSpelled(path, text, newName)) {
      bystanders.push({ path, start: name.start, newOffset: map.toNew(name.start), isDeclaration: name.isDeclaration });
    }
  }
  const named = [...sites, ...bystanders];
  const answer = await ports.symbols.simulateEdits(scope, {
    overlay,
    before: named.map((n) => ({ path: n.path, offset: n.start })),
    after: named.map((n) => ({ path: n.path, offset: n.newOffset })),
    files: [...overlay.keys()].filter((path) => !outputs.has(path)),
    // A rename can break a file it does not edit (an implementation of a renamed interface method).
    dependents: true,
    // A conflict is an error the rename adds: a file without errors after it needs no check before.
    addedErrorsOnly: true,
  });
  const places = await placesOf(ports, scope, plan.texts, maps, [...answer.referentsBefore, ...answer.referentsAfter].flat());
  const conflicts = renameConflicts(
    { newName, maps, sites, bystanders, describe: places },
    {
      sitesBefore: answer.referentsBefore.slice(0, sites.length),
      sitesAfter: answer.referentsAfter.slice(0, sites.length),
      bystandersBefore: answer.referentsBefore.slice(sites.length),
      bystandersAfter: answer.referentsAfter.slice(sites.length),
      errorsBefore: answer.errorsBefore,
      errorsAfter: answer.errorsAfter,
    },
  );
  return { conflicts, inFlux: answer.inFlux ?? [] };
}

/**
 * Names a declaration (a span in the coordinates of the edited texts) for a message: its
 * place on disk, `path:line:column`, or for one outside the workspace its file's absolute path.
 */
async function placesOf(
  ports: BridgePorts,
  scope: QueryScope,
  texts: ReadonlyMap<string, string>,
  maps: ReadonlyMap<string, EditMap>,
  spans: readonly SourceSpan[],
): Promise<(span: SourceSpan) => string> {
  const root = scope.workspaceRoot;
  const lines = new Map<string, LineIndex>();
  for (const path of new Set(spans.map((s) => s.path))) {
    if (!isWorkspaceSource(root, path)) continue;
    const text = texts.get(path) ?? (await ports.symbols.sourceText(scope, path));
    if (text !== undefined) lines.set(path, new LineIndex(text));
  }
  return (span) => {
    const file = displayPath(root, span.path);
    const index = lines.get(span.path);
    if (index === undefined) return isWorkspaceSource(root, span.path) ? file : `${file} (outside the workspace)`;
    const at = index.positionOf(maps.get(span.path)?.toOld(span.start) ?? span.start);
    return `${file}:${at.line}:${at.column}`;
  };
}

export function groupByFile(edits: readonly TextEdit[]): Map<string, TextEdit[]> {
  const byFile = new Map<string, TextEdit[]>();
  for (const edit of edits) byFile.set(edit.path, [...(byFile.get(edit.path) ?? []), edit]);
  return byFile;
}
