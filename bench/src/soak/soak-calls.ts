import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Rng } from '../rng.js';
import { MARKER_FILE, SCRATCH_FILE, occurrences, type Place, type SoakProject } from './soak-project.js';

/**
 * The mix of calls a soak sends: every tool, about stable files (which must always answer) and
 * about churning ones (which may be gone, or have moved, by the time the call runs). Each
 * result is judged against the project's model when no change happened during the call.
 */

export interface PlannedCall {
  readonly tool: string;
  readonly args: Record<string, unknown>;
  /** Error codes this call may rightly get when a file changed during the call (deleted, or its text moved). */
  readonly allowedErrors: readonly string[];
  /** Why the result is wrong, or undefined when it is right; called only when nothing changed during the call. */
  readonly judge: (result: Record<string, unknown>) => string | undefined;
  /** Called after a success whatever changed: wrong whatever the timing (an empty answer, a write not made). */
  readonly always?: (result: Record<string, unknown>) => string | undefined;
  /** Calls that must not overlap another of their lane (the writes to the scratch file). */
  readonly lane?: string;
}

const MOVED = ['FILE_NOT_FOUND', 'NO_SYMBOL_AT_POSITION', 'INVALID_POSITION', 'SYMBOL_NOT_FOUND'];
/** A call over the whole project, when a file it listed was deleted before it was read. */
const GONE = ['FILE_NOT_FOUND'];

const key = (p: Place): string => `${p.filePath}:${p.line}:${p.column}`;

function samePlaces(got: readonly Place[], expected: readonly Place[]): string | undefined {
  const a = new Set(got.map(key));
  const b = new Set(expected.map(key));
  const missing = [...b].filter((k) => !a.has(k));
  const extra = [...a].filter((k) => !b.has(k));
  if (missing.length === 0 && extra.length === 0 && got.length === expected.length) return undefined;
  return `expected ${expected.length} places, got ${got.length}; missing ${missing.slice(0, 3).join(', ')}; extra ${extra.slice(0, 3).join(', ')}`;
}

function names(items: unknown): string[] {
  return ((items ?? []) as { name?: string }[]).map((item) => item.name ?? '').sort();
}

/** Calls of the soak, each drawn with the weight it has in an agent's session (references most). */
export function planCall(project: SoakProject, rng: Rng, scratchValue: () => number): PlannedCall {
  const root = project.root;
  const churned = project.churnFiles();
  const someChurned = churned[rng.int(churned.length)] ?? MARKER_FILE;
  const roll = rng.int(15);
  const markerRefs = project.markerReferences();
  if (roll < 4) {
    return {
      tool: 'find_references',
      args: { workspaceRoot: root, filePath: MARKER_FILE, symbol: 'marker' },
      allowedErrors: GONE,
      judge: (r) =>
        samePlaces(r['references'] as Place[], markerRefs) ?? (r['totalCount'] === markerRefs.length ? undefined : 'totalCount'),
      always: (r) => ((r['totalCount'] as number) > 0 ? undefined : 'an empty success'),
    };
  }
  if (roll < 6) {
    const uses = occurrences(someChurned, project.files.get(someChurned) ?? '', 'marker');
    const use = uses[rng.int(uses.length)] ?? { filePath: MARKER_FILE, line: 2, column: 17 };
    return {
      tool: 'go_to_definition',
      args: { workspaceRoot: root, ...use },
      allowedErrors: MOVED,
      judge: (r) => samePlaces(r['definitions'] as Place[], [{ filePath: MARKER_FILE, line: 2, column: 17 }]),
    };
  }
  switch (roll) {
    case 6:
      return {
        tool: 'hover',
        args: { workspaceRoot: root, nodeId: `function:${MARKER_FILE}:marker` },
        allowedErrors: [],
        judge: (r) => (JSON.stringify(r).includes('marker(n: number): number') ? undefined : 'hover without the signature'),
      };
    case 7: {
      const file = rng.int(2) === 0 ? someChurned : 'src/shapes.ts';
      return {
        tool: 'document_symbols',
        args: { workspaceRoot: root, filePath: file },
        allowedErrors: file === 'src/shapes.ts' ? [] : ['FILE_NOT_FOUND'],
        judge: (r) => {
          const expected = file === 'src/shapes.ts' ? ['Circle', 'Shape', 'Square'] : undefined;
          const got = names(r['symbols']);
          if (expected !== undefined) return JSON.stringify(got) === JSON.stringify(expected) ? undefined : `outline ${got.join(',')}`;
          return got.some((name) => name.startsWith('use')) ? undefined : `outline ${got.join(',')} without its function`;
        },
      };
    }
    case 8:
      return {
        tool: 'workspace_symbols',
        args: { workspaceRoot: root, query: 'Square' },
        allowedErrors: [],
        judge: (r) => (names(r['symbols'])[0] === 'Square' ? undefined : `best match ${names(r['symbols']).join(',')}`),
      };
    case 9:
      return {
        tool: 'find_implementations',
        args: { workspaceRoot: root, filePath: 'src/shapes.ts', symbol: 'Shape' },
        allowedErrors: [],
        judge: (r) => {
          const got = JSON.stringify((r['implementations'] as { line: number }[]).map((i) => i.line).sort((a, b) => a - b));
          return got === '[5,12]' ? undefined : `implementations at lines ${got}`;
        },
      };
    case 10:
      return {
        tool: 'call_hierarchy',
        args: { workspaceRoot: root, filePath: 'src/calls.ts', symbol: 'bottom', direction: 'incoming', depth: 2 },
        allowedErrors: [],
        judge: (r) => {
          const calls = r['calls'] as { name: string; calls?: { name: string }[] }[];
          const chain = calls.map((c) => `${c.name}<${(c.calls ?? []).map((d) => d.name).join(',')}`).join(';');
          return chain === 'middle<top' ? undefined : `callers ${chain}`;
        },
      };
    case 11: {
      const file = rng.int(3) === 0 ? undefined : someChurned;
      return {
        tool: 'get_diagnostics',
        args: { workspaceRoot: root, ...(file === undefined ? {} : { filePath: file }) },
        allowedErrors: GONE,
        judge: (r) =>
          r['errorCount'] === 0 && r['failures'] === undefined
            ? undefined
            : `errors in a project that has none: ${JSON.stringify(r['diagnostics']).slice(0, 200)}`,
      };
    }
    case 12:
      return {
        tool: 'rename_symbol',
        args: { workspaceRoot: root, filePath: MARKER_FILE, symbol: 'marker', newName: 'renamedMarker', dryRun: true },
        // A churned file changed before each of the rename's plans: "call again" is the right answer then.
        allowedErrors: [...GONE, 'FILE_CHANGED'],
        judge: (r) =>
          r['totalChanges'] === markerRefs.length && r['applied'] === false ? undefined : `totalChanges ${String(r['totalChanges'])}`,
        always: (r) => (r['applied'] === false ? undefined : 'a dry run applied'),
      };
    case 13:
      return {
        tool: 'type_hierarchy',
        args: { workspaceRoot: root, filePath: 'src/shapes.ts', symbol: 'Shape', direction: 'both' },
        allowedErrors: [],
        judge: (r) => {
          const got = `${names(r['supertypes']).join(',')}<${names(r['subtypes']).join(',')}`;
          return got === '<Circle,Square' ? undefined : `supertypes<subtypes ${got}`;
        },
      };
    default: {
      const value = scratchValue();
      return {
        tool: 'replace_symbol_body',
        args: { workspaceRoot: root, filePath: SCRATCH_FILE, symbol: 'scratch', mode: 'replace-body', replacement: `{ return ${value}; }` },
        allowedErrors: [],
        lane: 'scratch',
        judge: () => undefined,
        // No other write to the file runs meanwhile (its lane), so the answer must be on disk.
        always: (r) =>
          r['applied'] !== true
            ? 'not applied'
            : readFileSync(join(root, SCRATCH_FILE), 'utf8').includes(`return ${value};`)
              ? undefined
              : 'answered success, but the body on disk is not the new one',
      };
    }
  }
}
