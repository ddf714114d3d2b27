import type { EditSimulation } from '../ports/symbol-index.js';

/** The sites (by their index in the whole simulation's `before` and `after`) and the files one owner answers for. */
export interface SimulationPart {
  readonly before: number[];
  readonly after: number[];
  readonly files: string[];
}

/**
 * An edit simulation split by the owner of each path (a backend, a project), owners in the
 * order first met: each site keeps its index, so that the owners' answers can be put back in
 * the simulation's order.
 */
export function simulationParts<Owner>(simulation: EditSimulation, ownerOf: (path: string) => Owner): Map<Owner, SimulationPart> {
  const parts = new Map<Owner, SimulationPart>();
  const partOf = (path: string): SimulationPart => {
    const owner = ownerOf(path);
    const part = parts.get(owner) ?? { before: [], after: [], files: [] };
    parts.set(owner, part);
    return part;
  };
  simulation.before.forEach((site, i) => partOf(site.path).before.push(i));
  simulation.after.forEach((site, i) => partOf(site.path).after.push(i));
  for (const file of simulation.files) partOf(file).files.push(file);
  return parts;
}
