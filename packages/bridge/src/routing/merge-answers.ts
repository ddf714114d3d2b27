import {
  dedupeSpans,
  type DiagnosticRecord,
  type EditSimulation,
  type FileFailure,
  type DiagnosticsPlan,
  type QueryScope,
  type SimulationAnswer,
  type SourceSpan,
  type SymbolMatch,
  simulationParts,
} from '@mcp-lsp-bridge/domain';

/*
 * How the answers of several backends make one, when a workspace's projects are answered by
 * different compilers: each backend answers for its own projects, so the parts are disjoint
 * but for what every backend reports of the workspace as a whole (a broken config).
 */

/** Every backend's diagnostics plan: their groups one after the other, each failing file once. */
export function mergeDiagnosticsPlans(plans: readonly DiagnosticsPlan[], scope: QueryScope): DiagnosticsPlan {
  const failures = new Map<string, FileFailure>();
  for (const plan of plans) for (const failure of plan.failures) if (!failures.has(failure.path)) failures.set(failure.path, failure);
  return { groups: plans.flatMap((p) => p.groups), failures: [...failures.values()], scope };
}

/** Every backend's matches, each declaration once, at most `maxResults`; the domain ranks them. */
export function mergeSymbolMatches(answers: readonly (readonly SymbolMatch[])[], maxResults: number): SymbolMatch[] {
  return dedupeSpans(answers.flat()).slice(0, maxResults);
}

/** A simulation split among backends: the sites and files each answers for, by their original index. */
export interface SimulationShare {
  readonly simulation: EditSimulation;
  readonly before: readonly number[];
  readonly after: readonly number[];
}

/**
 * The simulation each backend answers: the sites and files of its projects, each shown the
 * whole overlay (an edit in one project's file is seen by every program that includes it),
 * with every option of the whole (`dependents`, `addedErrorsOnly`: a share that lost
 * `addedErrorsOnly` type-checked every file on the disk's texts too, issue 25).
 */
export function splitSimulation(simulation: EditSimulation, backendOf: (path: string) => string): Map<string, SimulationShare> {
  const shares = new Map<string, SimulationShare>();
  for (const [key, part] of simulationParts(simulation, backendOf)) {
    shares.set(key, {
      simulation: {
        ...simulation,
        before: part.before.map((i) => simulation.before[i] as EditSimulation['before'][number]),
        after: part.after.map((i) => simulation.after[i] as EditSimulation['after'][number]),
        files: part.files,
      },
      before: part.before,
      after: part.after,
    });
  }
  return shares;
}

/** The backends' answers put back in the original order of the sites. */
export function mergeSimulations(
  simulation: EditSimulation,
  answers: readonly { readonly share: SimulationShare; readonly answer: SimulationAnswer }[],
): SimulationAnswer {
  const referentsBefore: (readonly SourceSpan[])[] = simulation.before.map(() => []);
  const referentsAfter: (readonly SourceSpan[])[] = simulation.after.map(() => []);
  const errorsBefore = new Map<string, readonly DiagnosticRecord[]>();
  const errorsAfter = new Map<string, readonly DiagnosticRecord[]>();
  const inFlux = new Set<string>();
  const outsideBuild = new Set<string>();
  for (const { share, answer } of answers) {
    share.before.forEach((original, i) => (referentsBefore[original] = answer.referentsBefore[i] ?? []));
    share.after.forEach((original, i) => (referentsAfter[original] = answer.referentsAfter[i] ?? []));
    for (const [path, errors] of answer.errorsBefore) errorsBefore.set(path, errors);
    for (const [path, errors] of answer.errorsAfter) errorsAfter.set(path, errors);
    for (const path of answer.inFlux ?? []) inFlux.add(path);
    for (const path of answer.outsideBuild ?? []) outsideBuild.add(path);
  }
  return {
    referentsBefore,
    referentsAfter,
    errorsBefore,
    errorsAfter,
    ...(inFlux.size > 0 ? { inFlux: [...inFlux] } : {}),
    ...(outsideBuild.size > 0 ? { outsideBuild: [...outsideBuild] } : {}),
  };
}
