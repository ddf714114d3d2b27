import type { Progress } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect } from 'vitest';
import { forEachBackend } from '../helpers/backends.js';
import { failedWith, succeeded } from '../helpers/outcomes.js';
import { startServer } from '../helpers/server.js';
import { verifies } from '../helpers/verifies.js';
import { copyFixture } from '../helpers/workspace.js';

forEachBackend((backend) => {
  describe('project-wide diagnostics with a progressToken', () => {
    verifies('R-PROTOCOL-PROGRESS', 'sends notifications/progress that climb to the number of files checked', async () => {
      await using server = await startServer({ backend });
      await using ws = await copyFixture('diagnostics');
      const events: Progress[] = [];

      const outcome = await server.callRaw('get_diagnostics', { workspaceRoot: ws.root }, { onprogress: (p) => events.push(p) });

      const result = succeeded(outcome) as { diagnostics: { filePath: string }[] };
      expect(events.length).toBeGreaterThan(0);
      const last = events[events.length - 1];
      expect(last?.total).toBeDefined();
      expect(last?.progress).toBe(last?.total);
      expect(events.map((e) => e.progress)).toEqual([...events.map((e) => e.progress)].sort((a, b) => a - b));
      // Every file that has a diagnostic was one of the files counted.
      expect(last?.total ?? 0).toBeGreaterThanOrEqual(new Set(result.diagnostics.map((d) => d.filePath)).size);
    });

    verifies('R-PROTOCOL-PROGRESS', 'sends no progress notification when the call has no progressToken', async () => {
      await using server = await startServer({ backend });
      await using ws = await copyFixture('diagnostics');
      const notifications: unknown[] = [];
      server.client.fallbackNotificationHandler = (n) => {
        notifications.push(n);
        return Promise.resolve();
      };

      succeeded(await server.callRaw('get_diagnostics', { workspaceRoot: ws.root }));

      expect(notifications.filter((n) => (n as { method?: string }).method === 'notifications/progress')).toEqual([]);
    });
  });

  describe('a call that runs past the request timeout', () => {
    verifies('R-TIMEOUT', 'fails with LANGUAGE_SERVER_ERROR saying it timed out, and the server keeps serving', async () => {
      await using server = await startServer({ backend, env: { LSP_BRIDGE_REQUEST_TIMEOUT_MS: '1' } });
      await using ws = await copyFixture('diagnostics');

      const outcome = await server.callRaw('get_diagnostics', { workspaceRoot: ws.root });

      const error = failedWith(outcome, 'LANGUAGE_SERVER_ERROR');
      expect(error.message).toMatch(/did not answer in time/);
      expect(error.message).toMatch(/LSP_BRIDGE_REQUEST_TIMEOUT_MS/);
      expect(error.resolution).toMatch(/Retry/);
      expect((await server.listTools()).length).toBeGreaterThan(0);
      expect(server.pid !== null && process.kill(server.pid, 0)).toBe(true);
    });
  });
});
