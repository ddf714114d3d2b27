import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { JSONRPCMessage, RequestId } from '@modelcontextprotocol/sdk/types.js';

/**
 * The stdio transport, telling when the answer to a request has been written. A shutdown
 * waits for the answers of the calls it let finish before it closes the transport (closing
 * it first would make the SDK drop them).
 */
export class AnswerTrackingTransport extends StdioServerTransport {
  private readonly waiting = new Map<RequestId, () => void>();
  /** Called once, after the first tool list has been written: the client is set up, its first call yet to come. */
  onToolsListed: () => void = () => undefined;

  /** Resolves once the answer to `id` is written, or at once when `cancelled` aborts (the SDK then sends none). */
  answerWritten(id: RequestId, cancelled: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        this.waiting.delete(id);
        cancelled.removeEventListener('abort', done);
        resolve();
      };
      this.waiting.set(id, done);
      if (cancelled.aborted) done();
      else cancelled.addEventListener('abort', done, { once: true });
    });
  }

  override async send(message: JSONRPCMessage): Promise<void> {
    try {
      await super.send(message);
    } finally {
      // Told apart by shape: the SDK's own guards parse the whole message with its schema, which
      // for a large answer costs more than writing it.
      const answer = 'id' in message && ('result' in message || 'error' in message) ? message : undefined;
      if (answer?.id !== undefined) this.waiting.get(answer.id)?.();
      if (answer !== undefined && 'result' in answer && Array.isArray(answer.result['tools'])) {
        const listed = this.onToolsListed;
        this.onToolsListed = () => undefined;
        listed();
      }
    }
  }

  override async close(): Promise<void> {
    await super.close();
    for (const done of [...this.waiting.values()]) done();
  }
}
