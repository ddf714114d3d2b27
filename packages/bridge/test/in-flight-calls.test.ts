import { describe, expect, it } from 'vitest';
import { InFlightCalls } from '../src/in-flight-calls.js';

describe('InFlightCalls', () => {
  it('aborts running calls at close, waits for them to answer, then refuses new ones with CANCELLED', async () => {
    const calls = new InFlightCalls();
    const order: string[] = [];
    const running = calls.run(new AbortController().signal, (signal) => {
      return new Promise<string>((resolve) => {
        signal.addEventListener('abort', () => {
          // Answers a little later, as a call that cleans up first would.
          setImmediate(() => {
            order.push('call answered');
            resolve(`aborted: ${(signal.reason as Error).message}`);
          });
        });
      });
    });
    const closed = calls.close('the server is shutting down (SIGTERM)', 10_000).then((all) => {
      order.push('closed');
      return all;
    });
    expect(await running).toBe('aborted: the server is shutting down (SIGTERM)');
    expect(await closed).toBe(true);
    expect(order).toEqual(['call answered', 'closed']);
    expect(await calls.run(new AbortController().signal, () => Promise.resolve('ran'))).toEqual({
      success: false,
      error: expect.objectContaining({
        code: 'CANCELLED',
        message: 'The call was not started: the server is shutting down (SIGTERM).',
      }) as unknown,
    });
  });

  it('waits for held work too, and gives up after the grace period on a call that never settles', async () => {
    const calls = new InFlightCalls();
    void calls.run(new AbortController().signal, () => new Promise(() => undefined));
    let answered = false;
    calls.hold(new Promise<void>((resolve) => setImmediate(() => resolve())).then(() => (answered = true)));
    expect(await calls.close('stopping', 50)).toBe(false);
    expect(answered).toBe(true);
  });

  it("passes the caller's own abort through", async () => {
    const calls = new InFlightCalls();
    const caller = new AbortController();
    const result = calls.run(
      caller.signal,
      (signal) => new Promise((resolve) => signal.addEventListener('abort', () => resolve('stopped'))),
    );
    caller.abort();
    expect(await result).toBe('stopped');
    expect(calls.closing).toBe(false);
  });
});
