import { describe, expect } from 'vitest';
import { forEachBackend } from '../helpers/backends.js';
import { failedWith, succeeded } from '../helpers/outcomes.js';
import { startServer } from '../helpers/server.js';
import { verifies } from '../helpers/verifies.js';
import { copyFixture } from '../helpers/workspace.js';

forEachBackend((backend) => {
  describe('project-wide diagnostics with a progressToken', () => {
    verifies('R-PROTOCOL-PROGRESS', 'sends notifications/progress up to done = total, all before the answer', async () => {
      await using server = await startServer({ backend });
      await using ws = await copyFixture('diagnostics');
      const wire = server.recordMessages();

      const outcome = await server.callRaw('get_diagnostics', { workspaceRoot: ws.root }, { onprogress: () => undefined });

      const result = succeeded(outcome) as { diagnostics: { filePath: string }[] };
      const answerAt = wire.findIndex((m) => 'result' in m);
      const progress = wire
        .map((m, index) => ({ index, message: m as { method?: string; params?: { progress: number; total?: number } } }))
        .filter(({ message }) => message.method === 'notifications/progress');
      expect(progress.length).toBeGreaterThan(0);
      expect(progress.every(({ index }) => index < answerAt)).toBe(true);
      const climbed = progress.map(({ message }) => message.params?.progress ?? -1);
      expect(climbed).toEqual([...climbed].sort((a, b) => a - b));
      const totals = new Set(progress.map(({ message }) => message.params?.total));
      expect(totals.size).toBe(1);
      const [total] = [...totals];
      expect(climbed[climbed.length - 1]).toBe(total);
      expect(total).toBeGreaterThanOrEqual(new Set(result.diagnostics.map((d) => d.filePath)).size);
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
