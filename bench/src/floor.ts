import { fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { SampledSymbol } from './sample.js';
import type { ToolCase } from './tool-cases.js';

/** Warm renames measured on the first sampled symbols (a dry run each, on the bridge). */
export const RENAME_SAMPLE = 5;

export interface FloorRequest {
  /** `cold-refs`: a process that loads TypeScript and answers the first find_references, then exits (timed by the caller from spawn). */
  readonly mode: 'main' | 'cold-def' | 'cold-rename' | 'cold-refs';
  readonly root: string;
  readonly tsconfig: string;
  readonly sample: readonly SampledSymbol[];
  readonly freshnessQueries: number;
  readonly check: boolean;
}

export interface QueryTiming {
  readonly ms: number;
  readonly keys: readonly string[];
}

export type FloorResult =
  | {
      readonly mode: 'cold-def' | 'cold-rename' | 'cold-refs';
      readonly coldMs: number;
      /** Parsing the tsconfig, then the program and the query. */
      readonly phases?: { readonly configMs: number; readonly programMs: number };
    }
  | {
      readonly mode: 'main';
      readonly coldMs: number;
      readonly coldKeys: number;
      readonly refs: readonly QueryTiming[];
      readonly defsMs: readonly number[];
      readonly rssBytes: number;
      readonly freshnessMs: readonly number[];
      readonly checkMs: number;
      readonly suggestionMs: number;
      readonly errors: number;
      readonly files: number;
      /** Warm renames of the first sampled symbols: the service's locations, then the check (see `floor-child.ts`). */
      readonly renames: readonly RenameFloor[];
      /** Each newer tool's raw counterpart, warm (see `tool-floors.ts`). */
      readonly tools: Record<ToolCase, number[]>;
    };

/** One warm rename as the raw service makes it: its locations, and a type check of what it edits and of their importers, edited. */
export interface RenameFloor {
  readonly locationsMs: number;
  /** The check of the edited files and their direct importers. */
  readonly checkMs: number;
  /** The check of the edited files and every file importing them, transitively (what TypeScript's incremental build re-checks). */
  readonly closureCheckMs: number;
  /** Files edited, files importing them, and files importing them directly or in turn. */
  readonly edited: number;
  readonly importers: number;
  readonly dependents: number;
}

const CHILD = fileURLToPath(new URL('./floor-child.js', import.meta.url));

/** Runs one floor measurement in a fresh child process; `wallMs` is spawn → answer, as a client would wait for it. */
export async function runFloorTimed(request: FloorRequest): Promise<{ result: FloorResult; wallMs: number }> {
  const t0 = performance.now();
  const result = await runFloor(request);
  return { result, wallMs: performance.now() - t0 };
}

/** Runs one floor measurement in a fresh child process. */
export function runFloor(request: FloorRequest): Promise<FloorResult> {
  return new Promise((resolve, reject) => {
    const child = fork(CHILD, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: [] });
    let settled = false;
    child.on('message', (message: { ok: boolean; result?: FloorResult; error?: string }) => {
      settled = true;
      if (message.ok && message.result) resolve(message.result);
      else reject(new Error(`floor failed: ${message.error ?? 'unknown'}`));
    });
    child.on('exit', (code) => {
      if (!settled) reject(new Error(`floor child exited with ${String(code)}`));
    });
    child.send(request);
  });
}
