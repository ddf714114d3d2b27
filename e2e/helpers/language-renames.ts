import { relative } from 'node:path';
import { expect } from 'vitest';
import type { ToolRun } from './language-builds.js';
import { failedWith, succeeded } from './outcomes.js';
import type { RenameSymbolResult, ToolErrorResult } from './results.js';
import type { BridgeServer } from './server.js';
import { argsAt, changedPaths, type Marker, type Workspace } from './workspace.js';

/*
 * The renames of the languages served by their own language servers (C, Go, Python), checked the
 * same way each time: (a dry run that writes nothing,) the rename written, every marked place
 * spelling the new name on disk, only the expected files changed, then the language's own tool as
 * the judge; or refused, with nothing written, the places it names in its message.
 */

/** The marked places that do not spell `name` now (each at its column, moved by the renames before it on its line). */
export async function spells(ws: Workspace, markers: readonly Marker[], name: string): Promise<string[]> {
  const wrong: string[] = [];
  for (const marker of markers) {
    const line = (await ws.read(marker.file)).split('\n')[marker.line - 1] ?? '';
    const before = markers.filter((m) => m.file === marker.file && m.line === marker.line && m.column < marker.column);
    const moved = before.reduce((shift, m) => shift + name.length - m.identifier.length, 0);
    const at = Array.from(line)
      .slice(0, marker.column - 1 + moved)
      .join('').length;
    if (line.slice(at, at + name.length) !== name) wrong.push(`${marker.file}:${marker.line}: ${line}`);
  }
  return wrong;
}

/** Asserts that a language's own tool passed, showing what it printed when it did not. */
export function expectPasses(run: ToolRun): void {
  expect(run.ok, run.output).toBe(true);
}

export interface MarkedRename {
  /** Where the rename is asked. */
  readonly at: Marker;
  readonly newName: string;
  /** The places that must spell `newName` once it is written. */
  readonly marked: readonly Marker[];
  /** The answer's `filesModified` paths, sorted. */
  readonly files?: readonly string[];
  readonly totalChanges?: number;
  /** The workspace files, and only those, whose content the rename changes on disk. */
  readonly onDisk?: readonly string[];
  /** Preview first: the dry run writes nothing and gives the same files and count as the rename. */
  readonly dryRun?: boolean;
  /** The independent judge of the renamed workspace (the language's own tool), run last. */
  readonly judge?: () => void | Promise<void>;
}

/** Runs `rename` through `server` on `ws`: dry run → write → marked places → disk → judge. Returns the written answer. */
export async function renameMarked(server: BridgeServer, ws: Workspace, rename: MarkedRename): Promise<RenameSymbolResult> {
  const args = { ...argsAt(ws, rename.at), newName: rename.newName };
  const before = rename.dryRun === true || rename.onDisk !== undefined ? await ws.snapshot() : new Map<string, string>();
  const answers: RenameSymbolResult[] = [];
  if (rename.dryRun === true) {
    answers.push(succeeded(await server.renameSymbol({ ...args, dryRun: true })));
    expect(changedPaths(before, await ws.snapshot())).toEqual([]);
  }
  const result = succeeded(await server.renameSymbol(args));
  answers.push(result);
  if (rename.onDisk !== undefined) {
    expect(changedPaths(before, await ws.snapshot())).toEqual(rename.onDisk.map((f) => relative(ws.base, ws.path(f))).sort());
  }
  for (const answer of answers) {
    if (rename.files !== undefined) expect(answer.filesModified.map((f) => f.filePath).sort()).toEqual(rename.files);
    if (rename.totalChanges !== undefined) expect(answer.totalChanges).toBe(rename.totalChanges);
  }
  expect(await spells(ws, rename.marked, rename.newName)).toEqual([]);
  await rename.judge?.();
  return result;
}

export interface RefusedRename {
  /** Where the rename is asked. */
  readonly at: Marker;
  readonly newName: string;
  /** Places the refusal's message must name (`file:line:`): where the rename would break the build. */
  readonly names?: readonly Marker[];
}

/**
 * Runs `rename` through `server` on `ws` and asserts it is refused with RENAME_CONFLICT, naming
 * each place of `names`, with no file changed. Returns the error, for the test's own checks and
 * its judge (the language's tool on the edit applied by hand).
 */
export async function refusedMarked(server: BridgeServer, ws: Workspace, rename: RefusedRename): Promise<ToolErrorResult['error']> {
  const before = await ws.snapshot();
  const error = failedWith(await server.renameSymbol({ ...argsAt(ws, rename.at), newName: rename.newName }), 'RENAME_CONFLICT');
  for (const place of rename.names ?? []) expect(error.message).toContain(`${place.file}:${place.line}:`);
  expect(changedPaths(before, await ws.snapshot())).toEqual([]);
  return error;
}
