import { expect } from 'vitest';
import { forEachBackend } from '../helpers/backends.js';
import { appliedAction, listing, type CodeActionItem } from '../helpers/code-action-results.js';
import { failedWith, succeeded } from '../helpers/outcomes.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import { ProjectChecker, type CompilerError } from '../helpers/type-check.js';
import { verifies } from '../helpers/verifies.js';
import { changedPaths, copyFixture } from '../helpers/workspace.js';

/** tsc's errors of one file, as `TS<code>`. */
function errorsIn(errors: readonly CompilerError[], file: string): string[] {
  return errors.filter((e) => e.file.endsWith(`/${file}`)).map((e) => `TS${e.code}`);
}

/** tsc's errors of every file but `file`: what an action on it must leave alone. */
function errorsOutside(errors: readonly CompilerError[], file: string): string[] {
  return errors
    .filter((e) => !e.file.endsWith(`/${file}`))
    .map((e) => `${e.file}:TS${e.code}`)
    .sort();
}

function pick(actions: readonly CodeActionItem[], test: (a: CodeActionItem) => boolean, what: string): CodeActionItem {
  const found = actions.find(test);
  if (found === undefined) throw new Error(`no ${what} among ${JSON.stringify(actions.map((a) => [a.kind, a.title]))}`);
  return found;
}

forEachBackend((backend) => {
  // code_actions is outside the default tool set.
  const server = useShared(() => startServer({ backend, args: ['--tools', 'all'] }));

  verifies(
    'I26-CODE-ACTIONS-QUICKFIX',
    "applies the compiler's fix for a missing name: the import is added, tsc reports nothing left in the file, every other file as before",
    async () => {
      await using ws = await copyFixture('code-actions');
      const file = 'src/missing-import.ts';
      const checker = new ProjectChecker(ws.root);
      const before = checker.errors();
      expect(errorsIn(before, file)).toEqual(['TS2304']);
      const at = await ws.marker('at', 'missing');
      const listed = listing(
        succeeded(await server().call('code_actions', { workspaceRoot: ws.root, filePath: file, line: at.line, column: at.column })),
      );
      const fix = pick(listed.actions, (a) => a.kind === 'quickfix' && a.code === 'TS2304' && a.title.includes('./shapes'), 'import fix');
      expect(fix.line).toBe(at.line);
      const applied = appliedAction(succeeded(await server().call('code_actions', { workspaceRoot: ws.root, actionId: fix.id })));
      expect(applied).toMatchObject({ title: fix.title, kind: 'quickfix', applied: true });
      expect(applied.filesModified.map((f) => f.filePath)).toEqual([file]);
      expect(applied.fixedDiagnostics.map((d) => [d.code, d.line, d.column])).toEqual([['TS2304', at.line, at.column]]);
      expect(applied.introducedDiagnostics).toEqual([]);
      const after = checker.errors();
      expect(errorsIn(after, file)).toEqual([]);
      expect(errorsOutside(after, file)).toEqual(errorsOutside(before, file));
      expect(await ws.read(file)).toMatch(/^import \{ areaOf \} from ["']\.\/shapes["'];$/m);
    },
  );

  verifies('I26-CODE-ACTIONS-QUICKFIX', "implements an interface's missing members with the compiler's fix (tsc clean after)", async () => {
    await using ws = await copyFixture('code-actions');
    const file = 'src/implement.ts';
    const checker = new ProjectChecker(ws.root);
    expect(errorsIn(checker.errors(), file)).toEqual(['TS2420']);
    const at = await ws.marker('at', 'implement');
    const listed = listing(
      succeeded(await server().call('code_actions', { workspaceRoot: ws.root, filePath: file, line: at.line, code: 'TS2420' })),
    );
    expect(listed.actions.every((a) => a.code === 'TS2420')).toBe(true);
    const fix = pick(listed.actions, (a) => a.kind === 'quickfix' && /implement interface/i.test(a.title), 'implement-interface fix');
    succeeded(await server().call('code_actions', { workspaceRoot: ws.root, actionId: fix.id }));
    expect(errorsIn(checker.errors(), file)).toEqual([]);
    expect(await ws.read(file)).toMatch(/area\(\): number/);
  });

  verifies('I26-CODE-ACTIONS-QUICKFIX', 'adds a missing await with the compiler’s fix (tsc clean after)', async () => {
    await using ws = await copyFixture('code-actions');
    const file = 'src/await.ts';
    const checker = new ProjectChecker(ws.root);
    const codes = errorsIn(checker.errors(), file);
    expect(codes).toHaveLength(1);
    const at = await ws.marker('at', 'await');
    const listed = listing(
      succeeded(await server().call('code_actions', { workspaceRoot: ws.root, filePath: file, line: at.line, column: at.column })),
    );
    if (backend === 'tsgo') {
      // TypeScript 7.0's native server has not ported this fix (addMissingAwait): it offers none, and says so by listing none.
      expect(listed.actions.filter((a) => /await/i.test(a.title))).toEqual([]);
      return;
    }
    const fix = pick(listed.actions, (a) => a.kind === 'quickfix' && /await/i.test(a.title) && a.code === codes[0], 'await fix');
    const applied = appliedAction(succeeded(await server().call('code_actions', { workspaceRoot: ws.root, actionId: fix.id })));
    expect(applied.fixedDiagnostics.map((d) => d.code)).toEqual(codes);
    expect(errorsIn(checker.errors(), file)).toEqual([]);
  });

  verifies('I26-CODE-ACTIONS-FIX-ALL', 'fixes every missing name of a file at once: tsc reports none left', async () => {
    await using ws = await copyFixture('code-actions');
    const file = 'src/fix-all.ts';
    const checker = new ProjectChecker(ws.root);
    const before = errorsIn(checker.errors(), file);
    expect(before.length).toBeGreaterThan(1);
    expect(new Set(before)).toEqual(new Set(['TS2304']));
    const listed = listing(
      succeeded(await server().call('code_actions', { workspaceRoot: ws.root, filePath: file, code: 'TS2304', kind: 'source.fixAll' })),
    );
    expect(listed.actions.every((a) => a.kind.startsWith('source.fixAll') && a.code === 'TS2304')).toBe(true);
    const all = pick(listed.actions, (a) => /import/i.test(a.title), 'fix of all missing imports');
    const applied = appliedAction(succeeded(await server().call('code_actions', { workspaceRoot: ws.root, actionId: all.id })));
    expect(applied.fixedDiagnostics.map((d) => d.code)).toEqual(before);
    expect(errorsIn(checker.errors(), file)).toEqual([]);
  });

  verifies('I26-CODE-ACTIONS-ORGANIZE-IMPORTS', 'organizes imports: the unused one goes, tsc (noUnusedLocals) is clean after', async () => {
    await using ws = await copyFixture('code-actions');
    const file = 'src/unused-imports.ts';
    const checker = new ProjectChecker(ws.root);
    expect(errorsIn(checker.errors(), file)).toEqual(['TS6133']);
    const listed = listing(
      succeeded(await server().call('code_actions', { workspaceRoot: ws.root, filePath: file, kind: 'source.organizeImports' })),
    );
    expect(listed.actions.map((a) => a.kind.startsWith('source.organizeImports'))).toEqual([true]);
    const applied = appliedAction(
      succeeded(await server().call('code_actions', { workspaceRoot: ws.root, actionId: listed.actions[0]?.id ?? '' })),
    );
    expect(applied.fixedDiagnostics.map((d) => d.code)).toEqual(['TS6133']);
    expect(errorsIn(checker.errors(), file)).toEqual([]);
    expect(await ws.read(file)).not.toMatch(/\bload\b/);
  });

  verifies('I26-CODE-ACTIONS-DRY-RUN', 'a dry run writes nothing and answers what applying then writes', async () => {
    await using ws = await copyFixture('code-actions');
    const at = await ws.marker('at', 'missing');
    const listed = listing(succeeded(await server().call('code_actions', { workspaceRoot: ws.root, filePath: at.file, line: at.line })));
    const fix = pick(listed.actions, (a) => a.kind === 'quickfix' && a.title.includes('./shapes'), 'import fix');
    const snapshot = await ws.snapshot();
    const dry = appliedAction(succeeded(await server().call('code_actions', { workspaceRoot: ws.root, actionId: fix.id, dryRun: true })));
    expect(changedPaths(snapshot, await ws.snapshot())).toEqual([]);
    expect(dry.applied).toBe(false);
    const applied = appliedAction(succeeded(await server().call('code_actions', { workspaceRoot: ws.root, actionId: fix.id })));
    expect({ ...applied, applied: false }).toEqual(dry);
    const written = dry.filesModified[0]?.changes.map((c) => c.newText).join('\n') ?? '';
    expect((await ws.read(at.file)).includes(written)).toBe(true);
  });

  verifies('I26-CODE-ACTIONS-STALE-ID', 'refuses an id once its file changed (FILE_CHANGED), writing nothing', async () => {
    await using ws = await copyFixture('code-actions');
    const at = await ws.marker('at', 'missing');
    const listed = listing(succeeded(await server().call('code_actions', { workspaceRoot: ws.root, filePath: at.file, line: at.line })));
    const fix = pick(listed.actions, (a) => a.kind === 'quickfix', 'quick fix');
    const edited = `${await ws.read(at.file)}// edited by hand\n`;
    await ws.write(at.file, edited);
    const snapshot = await ws.snapshot();
    const error = failedWith(await server().call('code_actions', { workspaceRoot: ws.root, actionId: fix.id }), 'FILE_CHANGED');
    expect(error.message).toContain(at.file);
    expect(error.resolution).toContain('code_actions');
    expect(changedPaths(snapshot, await ws.snapshot())).toEqual([]);
  });
});
