import type { Signal } from '../model/signal.js';

export const neverAborted: Signal = {
  aborted: false,
  reason: undefined,
  throwIfAborted() {},
  addEventListener() {},
  removeEventListener() {},
};
