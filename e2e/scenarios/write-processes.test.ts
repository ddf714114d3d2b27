import { describe, expect } from 'vitest';
import { addConsumers } from '../fixtures/generators.js';
import { backends } from '../helpers/backends.js';
import { filesWithout, ModuleProject } from '../helpers/module-project.js';
import { OUTSIDE_LINE, OutsideWriter } from '../helpers/outside-writer.js';
import type { RenameSymbolResult, ToolErrorResult } from '../helpers/results.js';
import { startServer, type BridgeServer, type Outcome } from '../helpers/server.js';
import { succeeded } from '../helpers/outcomes.js';
import { verifies } from '../helpers/verifies.js';
import { temps, typeErrors } from '../helpers/write-checks.js';
import { copyFixture } from '../helpers/workspace.js';

/**
 * Several bridge processes writing one workspace at once, with and without another program
 * writing its files. The write path (the cross-process lock, the writer's checks, planning again
 * on a changed file) does not depend on the backend beyond the texts each returns for a rename,
 * so this runs on the two that compute those texts differently: the in-process LanguageService
 * (`tsservice`) and a language server (`lsp`).
 */
const writeBackends = backends.filter((backend) => backend === 'tsservice' || backend === 'lsp');

function codeOf(outcome: Outcome<unknown>): string {
  return (outcome.structured as ToolErrorResult | undefined)?.error.code ?? `no structured error: ${outcome.text}`;
}

/** What a run of rounds saw: calls, refusals, and every answer the disk contradicts. */
interface Tally {
  writes: number;
  refused: number;
  readonly lost: string[];
  readonly corrupted: string[];
  readonly unexpected: string[];
}

/**
 * `rounds` rounds in which bridge b renames function b (every third round of it: replaces its
 * body instead), all bridges at once; after each round every answer is held against the disk.
 * `strict` are the files no one but the bridges writes: there a success must be on disk exactly.
 */
async function writeRounds(
  servers: readonly BridgeServer[],
  project: ModuleProject,
  rounds: number,
  strict: readonly string[],
  outside?: OutsideWriter,
): Promise<Tally> {
  const tally: Tally = { writes: 0, refused: 0, lost: [], corrupted: [], unexpected: [] };
  const root = project.ws.root;
  for (let round = 1; round <= rounds; round++) {
    const calls = servers.map((server, b) => {
      const oldName = project.names[b] ?? '';
      if ((round + b) % 3 === 2) {
        const body = `n + ${1000 * (b + 1) + round}`;
        const call = server.call('replace_symbol_body', {
          workspaceRoot: root,
          filePath: 'src/mod.ts',
          symbol: oldName,
          mode: 'replace-body',
          replacement: `return ${body};`,
        });
        return { kind: 'replace' as const, b, oldName, body, call };
      }
      const newName = `f${b + 1}r${round}`;
      project.history[b]?.add(newName);
      const call = server.call('rename_symbol', { workspaceRoot: root, filePath: 'src/mod.ts', symbol: oldName, newName });
      return { kind: 'rename' as const, b, oldName, newName, call };
    });
    const outcomes = await Promise.all(calls.map((c) => c.call as Promise<Outcome<unknown>>));
    // Read while the outside writer waits: it writes in place, so a file read during its write is half there.
    const disk = await (outside === undefined ? project.inspect() : outside.paused(() => project.inspect()));
    tally.corrupted.push(...disk.corrupted.map((text) => `round ${round}: ${text}`));
    for (const [index, c] of calls.entries()) {
      const outcome = outcomes[index] as Outcome<unknown>;
      tally.writes++;
      const what = `round ${round}, bridge ${c.b + 1}, ${c.kind} of ${c.oldName}`;
      if (outcome.isError) {
        tally.refused++;
        if (codeOf(outcome) !== 'FILE_CHANGED') tally.unexpected.push(`${what}: ${outcome.text}`);
        // A refusal changed nothing: the old name everywhere, the old body.
        const changed =
          c.kind === 'rename' ? filesWithout(disk, c.b, c.oldName, strict) : disk.bodies[c.b] === c.body ? ['src/mod.ts'] : [];
        if (changed.length > 0) tally.lost.push(`${what} refused, yet ${changed.join(', ')} changed`);
        continue;
      }
      if (c.kind === 'rename') {
        const result = outcome.structured as RenameSymbolResult;
        if (result.totalChanges !== project.usesPerFunction || result.filesModified.length !== project.files.length) {
          tally.lost.push(`${what} answered ${result.totalChanges} changes in ${result.filesModified.length} files`);
        }
        const missing = filesWithout(disk, c.b, c.newName, strict);
        if (missing.length > 0)
          tally.lost.push(`${what} to ${c.newName} answered success, yet ${missing.join(', ')} still spell another name`);
        project.renamed(c.b, c.newName);
      } else {
        if (disk.bodies[c.b] !== c.body) tally.lost.push(`${what} answered success, yet it returns ${disk.bodies[c.b] ?? '?'}`);
        project.bodies[c.b] = c.body;
      }
    }
  }
  return tally;
}

/** Each function has one name in every file: then the project must type-check. */
async function consistent(project: ModuleProject): Promise<boolean> {
  const disk = await project.inspect();
  return project.names.every((_, k) => [...disk.names.values()].every((names) => names[k] === disk.names.get('src/mod.ts')?.[k]));
}

async function startBridges(backend: string, count: number, project: ModuleProject): Promise<BridgeServer[]> {
  const servers = await Promise.all(Array.from({ length: count }, () => startServer({ backend })));
  // Warm: each loads the project before the rounds, so the rounds measure writing, not loading.
  await Promise.all(servers.map((server) => server.call('document_symbols', { workspaceRoot: project.ws.root, filePath: 'src/mod.ts' })));
  await Promise.all(
    servers.map((server) => server.findReferences({ workspaceRoot: project.ws.root, filePath: 'src/mod.ts', symbol: 'fn1' })),
  );
  return servers;
}

async function closeAll(servers: readonly BridgeServer[]): Promise<void> {
  await Promise.all(servers.map((server) => server[Symbol.asyncDispose]()));
}

/** The lines the outside writer put at the top of a file. */
const OUTSIDE_LINES = new RegExp(`^(?:${OUTSIDE_LINE.source.slice(1)})*`);

/** `src/lib.ts` and its consumers as the fixture has them with `target` called `name`. */
function withTarget(original: string, name: string): string {
  return original.replace(/\btarget\b/g, name);
}

describe.each(writeBackends.map((backend) => [backend]))('bridge processes writing one workspace (%s)', (backend) => {
  for (const count of [2, 4]) {
    verifies(
      'R-WRITE-PROCESSES',
      `${count} bridge processes renaming and replacing bodies in one module at once: every success is on disk, nothing lost or corrupted, at most 1 in 20 refused, tsc clean`,
      async () => {
        await using project = await ModuleProject.create(count, 12);
        const servers = await startBridges(backend, count, project);
        try {
          const tally = await writeRounds(servers, project, count === 2 ? 10 : 6, project.files);
          expect(tally.corrupted).toEqual([]);
          expect(tally.lost).toEqual([]);
          expect(tally.unexpected).toEqual([]);
          expect(tally.refused * 20, `${tally.refused} of ${tally.writes} writes refused`).toBeLessThanOrEqual(tally.writes);
          expect(await consistent(project)).toBe(true);
          expect(await temps(project.ws)).toEqual([]);
          expect(typeErrors(project.ws)).toBe('');
        } finally {
          await closeAll(servers);
        }
      },
      180_000,
    );
  }

  verifies(
    'R-WRITE-OUTSIDE',
    '4 bridge processes writing while another program inserts lines at the top of their files: no file corrupted, no success lost where that program does not write',
    async () => {
      await using project = await ModuleProject.create(4, 12);
      const servers = await startBridges(backend, 4, project);
      await using writer = OutsideWriter.start();
      const touched = project.consumers.slice(0, 2);
      try {
        // An editor saving several times a second: some writes plan again, a few keep finding their files changed.
        writer.insertEvery(
          touched.map((file) => project.ws.path(file)),
          250,
        );
        const tally = await writeRounds(
          servers,
          project,
          5,
          project.files.filter((file) => !touched.includes(file)),
          writer,
        );
        expect(await writer.stop()).toBeGreaterThan(0);
        expect(tally.corrupted).toEqual([]);
        expect(tally.lost).toEqual([]);
        expect(tally.unexpected).toEqual([]);
        expect(await temps(project.ws)).toEqual([]);
        if (await consistent(project)) expect(typeErrors(project.ws)).toBe('');
      } finally {
        await closeAll(servers);
      }
    },
    180_000,
  );

  verifies(
    'R-WRITE-OUTSIDE',
    'a line inserted at the top of a file while a 61-file rename runs: never a success answer with the edits applied to the wrong text',
    async () => {
      await using ws = await copyFixture('write-safety');
      const consumers = await addConsumers(ws, 60);
      const files = ['src/lib.ts', ...consumers];
      const originals = new Map<string, string>();
      for (const file of files) originals.set(file, await ws.read(file));
      await using server = await startServer({ backend });
      await using writer = OutsideWriter.start();

      // How long one rename takes here, warm: the inserts are spread over that span.
      let name = 'target';
      let span = 0;
      for (const warm of ['warm1', 'warm2']) {
        const started = Date.now();
        succeeded(await server.renameSymbol({ workspaceRoot: ws.root, filePath: 'src/lib.ts', symbol: name, newName: warm }));
        span = Date.now() - started;
        name = warm;
      }

      const wrong: string[] = [];
      const tally = { success: 0, refused: 0 };
      for (let rep = 1; rep <= PROBE_REPETITIONS; rep++) {
        const newName = `probe${rep}`;
        const victim = rep % 3 === 0 ? 'src/lib.ts' : (consumers[(rep * 7) % consumers.length] ?? '');
        // Spread over the rename's span by the golden ratio: every part of it is hit, in a fixed order.
        const afterMs = Math.round(((rep * 0.618) % 1) * span);
        const answer = server.renameSymbol({ workspaceRoot: ws.root, filePath: 'src/lib.ts', symbol: name, newName });
        await writer.insertAfter(ws.path(victim), afterMs, rep);
        const outcome = await answer;
        // Each file is the outside writer's lines, then the fixture's text with `target` spelled one way or the other.
        const disk = new Map<string, { readonly lines: string; readonly name: string | undefined }>();
        for (const file of files) {
          const raw = await ws.read(file);
          const lines = OUTSIDE_LINES.exec(raw)?.[0] ?? '';
          const original = originals.get(file) ?? '';
          disk.set(file, { lines, name: [name, newName].find((candidate) => withTarget(original, candidate) === raw.slice(lines.length)) });
        }
        const filesWhere = (test: (file: string, spelled: string | undefined) => boolean): string[] =>
          [...disk].filter(([file, { name: spelled }]) => test(file, spelled)).map(([file]) => file);
        const corrupted = filesWhere((_, spelled) => spelled === undefined);
        const said = outcome.isError ? codeOf(outcome) : 'success';
        if (corrupted.length > 0) wrong.push(`rep ${rep} (${said}): ${corrupted.join(', ')} corrupted`);
        if (outcome.isError) {
          tally.refused++;
          if (said !== 'FILE_CHANGED') wrong.push(`rep ${rep}: ${outcome.text}`);
          const written = filesWhere((_, spelled) => spelled === newName);
          if (written.length > 0) wrong.push(`rep ${rep} refused, yet ${written.join(', ')} renamed`);
          continue;
        }
        tally.success++;
        // The victim too: the outside writer writes over what it read, never over a file the rename put there.
        const missed = filesWhere((_, spelled) => spelled !== newName);
        if (missed.length > 0) wrong.push(`rep ${rep} answered success, yet ${missed.join(', ')} not renamed`);
        name = newName;
      }
      expect(wrong).toEqual([]);
      expect(tally.success, `${tally.success} renamed, ${tally.refused} refused`).toBeGreaterThan(0);
      expect(await temps(ws)).toEqual([]);
    },
    600_000,
  );
});

/** How many renames the probe runs (`WRITE_PROBE_REPETITIONS`); docs/reliability.md has the figures of longer runs. */
const PROBE_REPETITIONS = Number(process.env['WRITE_PROBE_REPETITIONS'] ?? '16');
