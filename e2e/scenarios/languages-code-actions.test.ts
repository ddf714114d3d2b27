import { spawnSync } from 'node:child_process';
import { describe, expect } from 'vitest';
import { appliedAction, listing } from '../helpers/code-action-results.js';
import { lineMarker } from '../helpers/line-markers.js';
import { failedWith, succeeded } from '../helpers/outcomes.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import { verifies } from '../helpers/verifies.js';
import { copyFixture } from '../helpers/workspace.js';

/** A tool of the language, run in the workspace: its exit status and what it printed. */
function run(command: string, args: readonly string[], cwd: string, input?: string): { status: number | null; output: string } {
  const done = spawnSync(command, args, { cwd, encoding: 'utf8', ...(input === undefined ? {} : { input }) });
  return { status: done.status, output: `${done.stdout}${done.stderr}` };
}

/*
 * Issue 26 over the other languages' servers: clangd's fix-its and .clang-format, gopls's
 * organize imports and gofmt, pyright's refusal (it has no formatter). A language's server
 * answers whatever the TypeScript backend, so these run once, on the default backend; the
 * language's own compiler and formatter are the oracles.
 */
describe('code actions and formatting of C, Go and Python', () => {
  const server = useShared(() => startServer({ backend: 'auto', args: ['--tools', 'all'] }));

  verifies('I26-CODE-ACTIONS-LANGUAGES', "applies clang's fix-it for a missing semicolon: cc -fsyntax-only is clean after", async () => {
    await using ws = await copyFixture('code-actions-c');
    expect(run('cc', ['-fsyntax-only', 'main.c'], ws.root).status).not.toBe(0);
    const at = await lineMarker(ws, 'at', 'semicolon');
    const listed = listing(succeeded(await server().call('code_actions', { workspaceRoot: ws.root, filePath: 'main.c', line: at.line })));
    const fix = listed.actions.find((a) => a.kind === 'quickfix' && a.title.includes(';'));
    expect(fix).toMatchObject({ line: at.line, preferred: true });
    const applied = appliedAction(succeeded(await server().call('code_actions', { workspaceRoot: ws.root, actionId: fix?.id ?? '' })));
    expect(applied.fixedDiagnostics.map((d) => d.line)).toEqual([at.line]);
    expect(applied.introducedDiagnostics).toEqual([]);
    expect(run('cc', ['-fsyntax-only', 'main.c'], ws.root)).toMatchObject({ status: 0, output: '' });
  });

  verifies('I26-CODE-ACTIONS-LANGUAGES', "organizes a Go file's imports with gopls: go build and go vet are clean after", async () => {
    await using ws = await copyFixture('code-actions-go');
    expect(run('go', ['build', './...'], ws.root).status).not.toBe(0);
    const listed = listing(
      succeeded(await server().call('code_actions', { workspaceRoot: ws.root, filePath: 'main.go', kind: 'source.organizeImports' })),
    );
    expect(listed.actions.map((a) => a.kind)).toEqual(['source.organizeImports']);
    succeeded(await server().call('code_actions', { workspaceRoot: ws.root, actionId: listed.actions[0]?.id ?? '' }));
    expect(run('go', ['build', './...'], ws.root)).toMatchObject({ status: 0 });
    expect(run('go', ['vet', './...'], ws.root)).toMatchObject({ status: 0 });
  });

  verifies('I26-FORMAT-LANGUAGES', 'formats Go exactly as gofmt does', async () => {
    await using ws = await copyFixture('code-actions-go');
    const text = await ws.read('main.go');
    const gofmt = run('gofmt', [], ws.root, text);
    expect(gofmt.status).toBe(0);
    expect(gofmt.output).not.toBe(text);
    const result = succeeded(await server().call('format_file', { workspaceRoot: ws.root, filePath: 'main.go' }));
    expect(result.applied).toBe(true);
    expect(await ws.read('main.go')).toBe(gofmt.output);
  });

  verifies('I26-FORMAT-LANGUAGES', "formats C with the project's .clang-format (IndentWidth 8)", async () => {
    await using ws = await copyFixture('code-actions-c');
    succeeded(await server().call('format_file', { workspaceRoot: ws.root, filePath: 'fmt.c' }));
    expect(await ws.read('fmt.c')).toBe('int twice(int a) {\n        int b = a * 2;\n        return b;\n}\n');
    expect(run('cc', ['-fsyntax-only', 'fmt.c'], ws.root).status).toBe(0);
  });

  verifies('I26-FORMAT-LANGUAGES', 'refuses to format Python, naming pyright, which has no formatter, and writes nothing', async () => {
    await using ws = await copyFixture('python');
    const before = await ws.read('app/main.py');
    const error = failedWith(
      await server().call('format_file', { workspaceRoot: ws.root, filePath: 'app/main.py' }),
      'LANGUAGE_SERVER_ERROR',
    );
    expect(error.message).toMatch(/pyright/i);
    expect(error.message).toContain('textDocument/formatting');
    expect(await ws.read('app/main.py')).toBe(before);
  });
});
