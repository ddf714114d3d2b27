import { watch } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { addConsumers } from '../fixtures/generators.js';
import { forEachBackend, type Backend } from '../helpers/backends.js';
import { failedWith, succeeded } from '../helpers/outcomes.js';
import { descendantsOf, waitForExit } from '../helpers/processes.js';
import { RawServer } from '../helpers/raw-process.js';
import { TOOL_NAMES, type ToolErrorResult } from '../helpers/results.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import { verifies } from '../helpers/verifies.js';
import { temps, typeErrors } from '../helpers/write-checks.js';
import { changedPaths, copyFixture, type Workspace } from '../helpers/workspace.js';

const TEMP_SUFFIX = '.lsp-bridge.tmp';

/** How often `name` occurs as a whole identifier in `files`. */
async function occurrences(ws: Workspace, files: readonly string[], name: string): Promise<number> {
  const word = new RegExp(`\\b${name}\\b`, 'g');
  let count = 0;
  for (const file of files) count += (await ws.read(file)).match(word)?.length ?? 0;
  return count;
}

/** `target` and `other`: declared once in src/lib.ts, imported and called once in each consumer. */
const usesOf = (consumers: readonly string[]): number => 1 + 2 * consumers.length;

/**
 * Watches the writer at work in `dir`: `staged` resolves when it creates its first temp file
 * (the write has begun), `replacing` when a source file first appears under its own name
 * again, i.e. a temp was renamed over it (the write is replacing files).
 */
function watchWrites(dir: string): { staged: Promise<void>; replacing: Promise<void>; close: () => void } {
  const watcher = watch(dir);
  let onStaged: () => void = () => undefined;
  let onReplacing: () => void = () => undefined;
  const staged = new Promise<void>((resolve) => (onStaged = resolve));
  const replacing = new Promise<void>((resolve) => (onReplacing = resolve));
  let sawTemp = false;
  watcher.on('change', (_event, name) => {
    if (String(name).endsWith(TEMP_SUFFIX)) {
      sawTemp = true;
      onStaged();
    } else if (sawTemp) onReplacing();
  });
  return { staged, replacing, close: () => watcher.close() };
}

type Moment = 'right after the call is sent' | 'once the write has begun' | 'once it replaces files';

/** Waits for `moment` of the rename (or its answer, should it come first). */
async function reached(moment: Moment, watcher: ReturnType<typeof watchWrites>, answer: Promise<unknown>): Promise<void> {
  if (moment === 'once the write has begun') await Promise.race([watcher.staged, answer]);
  if (moment === 'once it replaces files') await Promise.race([watcher.replacing, answer]);
}

interface RawAnswer {
  readonly result?: { readonly structuredContent?: { success: true } | ToolErrorResult };
}

type Interruption = 'SIGTERM' | 'SIGINT' | 'stdin closes';

function interrupt(raw: RawServer, how: Interruption): void {
  if (how === 'stdin closes') raw.closeStdin();
  else raw.child.kill(how);
}

/** A workspace of `write-safety` with 60 consumers: a rename of `target` rewrites 61 files. */
async function bigRename(): Promise<{ ws: Workspace; files: string[]; stateDir: string }> {
  const ws = await copyFixture('write-safety');
  const files = ['src/lib.ts', ...(await addConsumers(ws, 60))];
  return { ws, files, stateDir: join(ws.base, 'state') };
}

/** Every file renamed or none: how many of the uses carry the new name (all or 0), checked against the old name. */
async function renamedUses(ws: Workspace, files: readonly string[], oldName: string, newName: string): Promise<number> {
  const renamed = await occurrences(ws, files, newName);
  expect([0, usesOf(files.slice(1))], `${renamed} uses renamed`).toContain(renamed);
  expect(await occurrences(ws, files, oldName)).toBe(usesOf(files.slice(1)) - renamed);
  return renamed;
}

async function writeJournals(stateDir: string): Promise<string[]> {
  return readdir(join(stateDir, 'writes'));
}

forEachBackend((backend: Backend) => {
  const server = useShared(() => startServer({ backend }));

  /** replace_symbol_body on the declaration named `symbol` in `file`. */
  function replace(ws: Workspace, file: string, symbol: string, mode: 'replace-body' | 'replace-node', replacement: string) {
    return server().call('replace_symbol_body', { workspaceRoot: ws.root, filePath: file, symbol, mode, replacement });
  }

  describe('writes running at the same time', () => {
    verifies(
      'R-WRITE-CONCURRENT',
      'two replace_symbol_body calls on one file at once: each answer says what is on disk, no temp file is left, the project type-checks',
      async () => {
        await using ws = await copyFixture('write-safety');
        for (let trial = 1; trial <= 10; trial++) {
          const bodies = { alpha: `return n + ${100 + trial};`, beta: `return n * ${200 + trial};` } as const;
          const names = ['alpha', 'beta'] as const;
          const outcomes = await Promise.all(names.map((name) => replace(ws, 'src/lib.ts', name, 'replace-body', bodies[name])));
          const text = await ws.read('src/lib.ts');
          let written = 0;
          for (const [index, name] of names.entries()) {
            const outcome = outcomes[index];
            if (outcome === undefined) throw new Error('no outcome');
            if (outcome.isError) {
              // The loser of the race: computed from text that the winner replaced.
              failedWith(outcome, 'FILE_CHANGED');
              expect(text, `trial ${trial}: ${name} answered FILE_CHANGED`).not.toContain(bodies[name]);
            } else {
              succeeded(outcome);
              expect(text, `trial ${trial}: ${name} answered success`).toContain(`  ${bodies[name]}\n`);
              written++;
            }
          }
          expect(written, `trial ${trial}`).toBeGreaterThan(0);
        }
        expect(await temps(ws)).toEqual([]);
        expect(typeErrors(ws)).toBe('');
      },
    );

    verifies(
      'R-WRITE-CONCURRENT',
      'two renames over the same files at once: each answer says what is on disk, never a project half of each',
      async () => {
        await using ws = await copyFixture('write-safety');
        const consumers = await addConsumers(ws, 6);
        const files = ['src/lib.ts', ...consumers];
        const names = { target: 'target', other: 'other' };
        for (let trial = 1; trial <= 10; trial++) {
          const next = { target: `tA${trial}`, other: `oB${trial}` };
          const keys = ['target', 'other'] as const;
          const outcomes = await Promise.all(
            keys.map((key) =>
              server().renameSymbol({ workspaceRoot: ws.root, filePath: 'src/lib.ts', symbol: names[key], newName: next[key] }),
            ),
          );
          for (const [index, key] of keys.entries()) {
            const outcome = outcomes[index];
            if (outcome === undefined) throw new Error('no outcome');
            if (outcome.isError) {
              failedWith(outcome, 'FILE_CHANGED');
              expect(await occurrences(ws, files, next[key]), `trial ${trial}: ${key} answered FILE_CHANGED`).toBe(0);
              expect(await occurrences(ws, files, names[key])).toBe(usesOf(consumers));
            } else {
              const result = succeeded(outcome);
              expect(result.filesModified.map((f) => f.filePath).sort()).toEqual([...files].sort());
              expect(result.totalChanges).toBe(usesOf(consumers));
              expect(await occurrences(ws, files, next[key]), `trial ${trial}: ${key} answered success`).toBe(usesOf(consumers));
              expect(await occurrences(ws, files, names[key])).toBe(0);
              names[key] = next[key];
            }
          }
          expect(
            outcomes.some((outcome) => !outcome.isError),
            `trial ${trial}`,
          ).toBe(true);
        }
        expect(await temps(ws)).toEqual([]);
        expect(typeErrors(ws)).toBe('');
      },
    );
  });

  describe('a server stopped while it renames 61 files', () => {
    for (const how of ['SIGTERM', 'SIGINT', 'stdin closes'] as const) {
      for (const when of ['right after the call is sent', 'once the write has begun', 'once it replaces files'] as const) {
        verifies(
          ['R-WRITE-SHUTDOWN', 'R-RENAME-ATOMIC'],
          `${how} ${when}: answers the call as the disk is, every file renamed or none, no temp file, then exits`,
          async () => {
            const { ws, files, stateDir } = await bigRename();
            await using _ws = ws;
            await using raw = RawServer.spawn({ backend, env: { LSP_BRIDGE_STATE_DIR: stateDir } });
            await raw.initialize();
            const watcher = watchWrites(ws.path('src'));
            try {
              const answer = raw.request('tools/call', {
                name: 'rename_symbol',
                arguments: { workspaceRoot: ws.root, filePath: 'src/lib.ts', symbol: 'target', newName: 'renamedTarget' },
              }) as Promise<RawAnswer>;
              await reached(when, watcher, answer);
              interrupt(raw, how);

              // Rejects if the server exits without answering.
              const structured = (await answer).result?.structuredContent;
              expect(await raw.exit()).toEqual({ code: 0, signal: null });
              const renamed = await renamedUses(ws, files, 'target', 'renamedTarget');
              // A write that has replaced a file is finished, never cut short: then the answer can only be success.
              if (when === 'once it replaces files') expect(structured?.success, JSON.stringify(structured)).toBe(true);
              if (structured?.success === true) expect(renamed).toBe(usesOf(files.slice(1)));
              else {
                expect(structured?.error.code, JSON.stringify(structured)).toBe('CANCELLED');
                expect(renamed).toBe(0);
              }
              expect(await temps(ws)).toEqual([]);
              expect(await writeJournals(stateDir)).toEqual([]);
              expect(typeErrors(ws)).toBe('');
            } finally {
              watcher.close();
            }
          },
        );
      }
    }

    for (const when of ['once the write has begun', 'once it replaces files'] as const) {
      verifies(
        ['R-WRITE-CRASH', 'R-RENAME-ATOMIC'],
        `SIGKILL ${when}: the next start leaves every file renamed or none, and no temp file`,
        async () => {
          const { ws, files, stateDir } = await bigRename();
          await using _ws = ws;
          const raw = RawServer.spawn({ backend, env: { LSP_BRIDGE_STATE_DIR: stateDir } });
          await raw.initialize();
          const watcher = watchWrites(ws.path('src'));
          try {
            const answer = raw.request('tools/call', {
              name: 'rename_symbol',
              arguments: { workspaceRoot: ws.root, filePath: 'src/lib.ts', symbol: 'target', newName: 'renamedTarget' },
            });
            answer.catch(() => undefined); // a killed server answers nothing
            await reached(when, watcher, answer);
            const children = raw.child.pid === undefined ? [] : descendantsOf(raw.child.pid);
            raw.child.kill('SIGKILL');
            await raw.exit();
            // Its language server, if any, is not the subject here.
            for (const child of children) process.kill(child.pid, 'SIGKILL');
            expect(await waitForExit(children.map((child) => child.pid))).toEqual([]);
          } finally {
            watcher.close();
          }

          // A new server puts right what the killed one left, before it serves anything.
          await using next = RawServer.spawn({ backend, env: { LSP_BRIDGE_STATE_DIR: stateDir } });
          await next.initialize();
          await renamedUses(ws, files, 'target', 'renamedTarget');
          expect(await temps(ws)).toEqual([]);
          expect(await writeJournals(stateDir)).toEqual([]);
          expect(typeErrors(ws)).toBe('');
        },
      );
    }
  });

  describe('replace_symbol_body and doc comments', () => {
    verifies(
      'R-REPLACE-DOC-COMMENT',
      'replace-node bringing its own doc comment under a line comment holding "/**" keeps the previous function and the comment between',
      async () => {
        await using ws = await copyFixture('write-safety');
        const before = await ws.read('src/globs.ts');
        const old = "export function pattern(): string {\n  return '**';\n}";
        const replacement = "/** Every file, at any depth. */\nexport function pattern(): string {\n  return '**/*';\n}";

        const result = succeeded(await replace(ws, 'src/globs.ts', 'pattern', 'replace-node', replacement));

        expect(before).toContain(old);
        expect(await ws.read('src/globs.ts')).toBe(before.replace(old, replacement));
        expect(result.linesRemoved).toBe(old.split('\n').length);
        expect(result.linesAdded).toBe(replacement.split('\n').length);
        expect(typeErrors(ws)).toBe('');
      },
    );

    verifies('R-REPLACE-DOC-COMMENT', "replace-node bringing its own doc comment replaces the declaration's old one", async () => {
      await using ws = await copyFixture('write-safety');
      const before = await ws.read('src/globs.ts');
      const old = '/** Old documentation of documented. */\nexport function documented(): number {\n  return 1;\n}';
      const replacement = '/** New documentation. */\nexport function documented(): number {\n  return 2;\n}';

      succeeded(await replace(ws, 'src/globs.ts', 'documented', 'replace-node', replacement));

      expect(before).toContain(old);
      expect(await ws.read('src/globs.ts')).toBe(before.replace(old, replacement));
    });

    verifies('R-REPLACE-BLANK', 'refuses an empty or blank replace-body with INVALID_REPLACEMENT; "{}" empties the body', async () => {
      await using ws = await copyFixture('write-safety');
      const before = await ws.snapshot();
      const original = await ws.read('src/lib.ts');
      for (const replacement of ['', '   \n\t\n']) {
        const error = failedWith(await replace(ws, 'src/lib.ts', 'alpha', 'replace-body', replacement), 'INVALID_REPLACEMENT');
        expect(error.resolution).toContain('"{}"');
      }
      expect(changedPaths(before, await ws.snapshot())).toEqual([]);

      succeeded(await replace(ws, 'src/lib.ts', 'alpha', 'replace-body', '{}'));
      expect(await ws.read('src/lib.ts')).toBe(original.replace('(n: number): number {\n  return n + 1;\n}', '(n: number): number {}'));
    });
  });

  describe('arguments a tool does not have', () => {
    verifies(
      'R-ERR-UNKNOWN-ARGUMENT',
      'every tool refuses an unknown argument with INVALID_INPUT naming its valid ones, and nothing is written',
      async () => {
        await using ws = await copyFixture('write-safety');
        const tools = await server().listTools();
        expect(tools.map((tool) => tool.name).sort()).toEqual([...TOOL_NAMES].sort());
        const address = { filePath: 'src/lib.ts', symbol: 'alpha' };
        const argumentsOf: Record<string, Record<string, unknown>> = {
          rename_symbol: { filePath: 'src/lib.ts', symbol: 'target', newName: 'renamed' },
          replace_symbol_body: { ...address, mode: 'replace-body', replacement: 'return 0;' },
          call_hierarchy: { ...address, direction: 'incoming' },
          type_hierarchy: { ...address, direction: 'both' },
          workspace_symbols: { query: 'alpha' },
          get_diagnostics: {},
          document_symbols: { filePath: 'src/lib.ts' },
          code_actions: { filePath: 'src/lib.ts' },
          format_file: { filePath: 'src/lib.ts' },
          completion: { filePath: 'src/lib.ts', line: 1, column: 1 },
          safe_delete: { ...address, dryRun: true },
          check_edits: { edits: [{ filePath: 'src/lib.ts', oldText: 'alpha', newText: 'beta' }] },
        };
        const before = await ws.snapshot();
        for (const tool of tools) {
          const args = { workspaceRoot: ws.root, ...(argumentsOf[tool.name] ?? address) };
          const error = failedWith(await server().callRaw(tool.name, { ...args, preview: true }), 'INVALID_INPUT');
          expect(error.message, tool.name).toContain('Unknown argument "preview"');
          for (const property of Object.keys(tool.inputSchema.properties ?? {})) expect(error.message, tool.name).toContain(property);
        }
        expect(changedPaths(before, await ws.snapshot())).toEqual([]);
      },
    );
  });
});
