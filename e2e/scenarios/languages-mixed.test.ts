import { describe, expect } from 'vitest';
import { forEachBackend } from '../helpers/backends.js';
import { expectMarkedDiagnostics } from '../helpers/diagnostics.js';
import { lineMarkers } from '../helpers/line-markers.js';
import { succeeded } from '../helpers/outcomes.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import { verifies } from '../helpers/verifies.js';
import { copyFixture } from '../helpers/workspace.js';

forEachBackend((backend) => {
  const server = useShared(() => startServer({ backend }));

  describe('a workspace of TypeScript, Python and Go', () => {
    const project = useShared(() => copyFixture('polyglot'));

    verifies('I15-MIXED', "answers each file with its language's server, whatever the TypeScript backend", async () => {
      const ws = project();
      for (const file of ['src/index.ts', 'service/app.py', 'tool/main.go']) {
        const errors = await lineMarkers(ws, { kinds: ['err'], file });
        const result = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root, filePath: file }));
        expectMarkedDiagnostics(result.diagnostics, errors);
        expect(result.errorCount, file).toBe(errors.length);
      }
    });

    verifies('I15-MIXED', 'checks and searches every language of the workspace in one call', async () => {
      const ws = project();
      const errors = await lineMarkers(ws, { kinds: ['err'] });
      const diagnostics = succeeded(await server().getDiagnostics({ workspaceRoot: ws.root }));
      expectMarkedDiagnostics(diagnostics.diagnostics, errors);
      expect(diagnostics.errorCount).toBe(errors.length);
      expect(diagnostics.failures ?? []).toEqual([]);

      const symbols = succeeded(await server().call('workspace_symbols', { workspaceRoot: ws.root, query: 'handle' }));
      expect(symbols.symbols.map((s) => `${s.name}@${s.filePath}`).sort()).toEqual(
        ['HandleRequest@tool/main.go', 'handleRequest@src/index.ts', 'handle_request@service/app.py'].sort(),
      );
    });
  });
});
