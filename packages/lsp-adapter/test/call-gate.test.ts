import { describe, expect, it } from 'vitest';
import { CallGate } from '../src/connection/call-gate.js';

const open = (): AbortSignal => new AbortController().signal;
const settled = async <T>(promise: Promise<T>): Promise<'pending' | 'done'> => {
  let state: 'pending' | 'done' = 'pending';
  void promise.then(
    () => (state = 'done'),
    () => (state = 'done'),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return state;
};

describe('CallGate', () => {
  it('lets shared calls in together', async () => {
    const gate = new CallGate();
    const a = await gate.enter(false, open());
    const b = await gate.enter(false, open());
    expect(gate.occupancy).toEqual({ shared: 2, exclusive: false, waiting: 0 });
    a.leave();
    b.leave();
    expect(gate.occupancy.shared).toBe(0);
  });

  it('keeps an exclusive call out until the shared calls have left, and later shared calls behind it', async () => {
    const gate = new CallGate();
    const shared = await gate.enter(false, open());
    const exclusive = gate.enter(true, open());
    const later = gate.enter(false, open());
    expect(await settled(exclusive)).toBe('pending');
    expect(await settled(later)).toBe('pending');
    shared.leave();
    const pass = await exclusive;
    expect(await settled(later)).toBe('pending');
    pass.leave();
    (await later).leave();
  });

  it('lets waiting shared calls in with a downgraded exclusive call', async () => {
    const gate = new CallGate();
    const exclusive = await gate.enter(true, open());
    const waiting = gate.enter(false, open());
    expect(await settled(waiting)).toBe('pending');
    exclusive.downgrade();
    const pass = await waiting;
    expect(gate.occupancy).toEqual({ shared: 2, exclusive: false, waiting: 0 });
    pass.leave();
    exclusive.leave();
    expect(gate.occupancy.shared).toBe(0);
  });

  it('drops a waiter whose signal aborts, with its reason, and lets the next one in', async () => {
    const gate = new CallGate();
    const holder = await gate.enter(true, open());
    const controller = new AbortController();
    const reason = new Error('deadline');
    const doomed = gate.enter(false, controller.signal);
    const next = gate.enter(true, open());
    controller.abort(reason);
    await expect(doomed).rejects.toBe(reason);
    expect(gate.occupancy.waiting).toBe(1);
    holder.leave();
    (await next).leave();
    expect(gate.occupancy).toEqual({ shared: 0, exclusive: false, waiting: 0 });
  });

  it('refuses at once with an aborted signal', () => {
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    expect(() => new CallGate().enter(false, controller.signal)).toThrow('gone');
  });

  it('leaves once even when left twice', async () => {
    const gate = new CallGate();
    const pass = await gate.enter(false, open());
    await gate.enter(false, open());
    pass.leave();
    pass.leave();
    expect(gate.occupancy.shared).toBe(1);
  });
});
