import { describe, expect, it, vi } from 'vitest';
import { deadlineSignal } from '../src/deadline-signal.js';

describe('deadlineSignal', () => {
  it('is not aborted before its deadline', () => {
    const signal = deadlineSignal(new AbortController().signal, 60_000);
    expect(signal.aborted).toBe(false);
    expect(() => signal.throwIfAborted()).not.toThrow();
  });

  it('reports a TimeoutError once the clock passes the deadline, without any timer firing', () => {
    const signal = deadlineSignal(new AbortController().signal, 5);
    const until = Date.now() + 20;
    while (Date.now() < until) {
      // busy wait: a synchronous TypeScript check holds the event loop the same way
    }
    expect(signal.aborted).toBe(true);
    expect((signal.reason as Error).name).toBe('TimeoutError');
    expect(() => signal.throwIfAborted()).toThrow(/timed out after 5 ms/);
  });

  it('follows the caller cancelling, with the caller reason', () => {
    const controller = new AbortController();
    const signal = deadlineSignal(controller.signal, 60_000);
    controller.abort(new Error('client cancelled'));
    expect(signal.aborted).toBe(true);
    expect((signal.reason as Error).message).toBe('client cancelled');
  });

  it('fires an abort event at the deadline, so waiting code needs no polling', async () => {
    const signal = deadlineSignal(new AbortController().signal, 20);
    const reason = await new Promise<unknown>((resolve) => signal.addEventListener('abort', () => resolve(signal.reason), { once: true }));
    expect(reason).toMatchObject({ name: 'TimeoutError' });
  });

  it('fires an abort event when the caller aborts', async () => {
    const controller = new AbortController();
    const signal = deadlineSignal(controller.signal, 60_000);
    const fired = new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve(), { once: true }));
    controller.abort(new Error('client went away'));
    await fired;
    expect(signal.reason).toMatchObject({ message: 'client went away' });
  });

  it('stops its timer once disposed of: a finished call no longer fires abort at its deadline', async () => {
    const signal = deadlineSignal(new AbortController().signal, 20);
    let fired = false;
    signal.addEventListener('abort', () => (fired = true));
    signal[Symbol.dispose]();
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(fired).toBe(false);
    // The clock still answers for anyone who kept it.
    expect(signal.aborted).toBe(true);
  });

  it('makes no timer for a call nothing waits on, one once something listens, none once disposed of', () => {
    vi.useFakeTimers();
    try {
      const signal = deadlineSignal(new AbortController().signal, 60_000);
      expect(vi.getTimerCount()).toBe(0);
      signal.addEventListener('abort', () => undefined);
      expect(vi.getTimerCount()).toBe(1);
      signal[Symbol.dispose]();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('fires at a listener that came after the deadline passed, on the next turn, with a TimeoutError', () => {
    vi.useFakeTimers();
    try {
      const signal = deadlineSignal(new AbortController().signal, 50);
      // The clock passes the deadline while no timer runs (synchronous work).
      vi.setSystemTime(Date.now() + 100);
      const heard: unknown[] = [];
      signal.addEventListener('abort', () => heard.push(signal.reason));
      expect(heard).toEqual([]);
      vi.runOnlyPendingTimers();
      expect(heard).toMatchObject([{ name: 'TimeoutError' }]);
    } finally {
      vi.useRealTimers();
    }
  });
});
