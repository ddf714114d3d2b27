/**
 * A backend whose module loads and which is made on its first call: every method of the port is
 * asynchronous, so each call waits for it, then forwards (derived, not written per method).
 * `dispose` before any call releases nothing, as nothing was made. The language servers' client
 * is one (120 ms of modules, which a TypeScript call on the in-process backend never needs).
 */
export function loadedOnFirstCall<T extends { dispose(): void | Promise<void> }>(make: () => Promise<T>): T {
  let made: Promise<T> | undefined;
  const backend = (): Promise<T> => (made ??= make());
  return new Proxy({} as T, {
    get(_target, name) {
      // Not a thenable: `await` of the backend itself must not call it.
      if (name === 'then') return undefined;
      if (name === 'dispose') return async () => (made === undefined ? undefined : (await made).dispose());
      return async (...args: unknown[]) => {
        const target = await backend();
        const method = (target as Record<PropertyKey, unknown>)[name];
        if (typeof method !== 'function') throw new TypeError(`the backend has no method ${String(name)}`);
        return (method as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
