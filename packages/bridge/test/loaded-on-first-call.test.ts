import { describe, expect, it } from 'vitest';
import { loadedOnFirstCall } from '../src/routing/loaded-on-first-call.js';

/** A port with an optional method, as `SymbolIndex` has (`outlineAncestry`). */
interface Port {
  twice(n: number): Promise<number>;
  optional?(): Promise<string>;
  dispose(): Promise<void>;
}

/** A backend that does not define the optional method. */
class Backend implements Port {
  disposed = false;
  twice(n: number): Promise<number> {
    return Promise.resolve(n * 2);
  }
  dispose(): Promise<void> {
    this.disposed = true;
    return Promise.resolve();
  }
}

function lazyBackend(): { port: Port; made: Backend[] } {
  const made: Backend[] = [];
  const port = loadedOnFirstCall({ twice: true, dispose: true }, () => {
    const backend = new Backend();
    made.push(backend);
    return Promise.resolve(backend);
  });
  return { port, made };
}

describe('a backend made on its first call', () => {
  it('has only the methods the backend defines: an optional method of the port it lacks is undefined, before and after it is made', async () => {
    const { port, made } = lazyBackend();
    // As a router calls it: an optional method the backend lacks answers `undefined`.
    expect(port.optional?.()).toBeUndefined();
    expect('optional' in port).toBe(false);
    expect('twice' in port).toBe(true);
    expect(made).toHaveLength(0);
    expect(await port.twice(21)).toBe(42);
    expect(port.optional?.()).toBeUndefined();
    expect(made).toHaveLength(1);
  });

  it('is made once, on the first call, and is no thenable', async () => {
    const { port, made } = lazyBackend();
    expect(await Promise.resolve(port)).toBe(port);
    expect(made).toHaveLength(0);
    await Promise.all([port.twice(1), port.twice(2)]);
    expect(made).toHaveLength(1);
    await port.dispose();
    expect(made[0]?.disposed).toBe(true);
  });

  it('releases nothing when disposed before any call', async () => {
    const { port, made } = lazyBackend();
    await port.dispose();
    expect(made).toHaveLength(0);
  });
});
