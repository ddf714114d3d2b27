import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { SampledSymbol } from './sample.js';

export interface FloorRequest {
  readonly mode: 'main' | 'cold-def' | 'cold-rename';
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
      readonly mode: 'cold-def' | 'cold-rename';
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
    };

const CHILD = fileURLToPath(new URL('./floor-child.js', import.meta.url));

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
