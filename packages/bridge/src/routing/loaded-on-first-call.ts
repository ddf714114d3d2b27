/** Every method of `T`, each `true`: TypeScript refuses a list that misses one or names anything else. */
export type MethodNames<T> = { readonly [K in keyof T as T[K] extends (...args: never[]) => unknown ? K : never]-?: true };

/**
 * A backend whose module loads and which is made on its first call: every method of the port is
 * asynchronous, so each call waits for it, then forwards (derived, not written per method).
 * Only the backend's own methods (`methods`) are there before it is made: any other name is
 * `undefined`, as on the backend itself, so an optional method of the port it does not define
 * looks absent, as a router asks. `dispose` before any call releases nothing, as nothing was
 * made. The language servers' client is one (120 ms of modules, which a TypeScript call on the
 * in-process backend never needs).
 */
export function loadedOnFirstCall<T extends { dispose(): void | Promise<void> }>(methods: MethodNames<T>, make: () => Promise<T>): T {
  let made: Promise<T> | undefined;
  const backend = (): Promise<T> => (made ??= make());
  // Not `then` either: `await` of the backend itself must not call it.
  const isMethod = (name: PropertyKey): name is string => typeof name === 'string' && Object.hasOwn(methods, name);
  return new Proxy({} as T, {
    has: (_target, name) => isMethod(name),
    get(_target, name) {
      if (!isMethod(name)) return undefined;
      if (name === 'dispose') return async () => (made === undefined ? undefined : (await made).dispose());
      return async (...args: unknown[]) => {
        const target = await backend();
        const method = (target as Record<PropertyKey, unknown>)[name];
        if (typeof method !== 'function') throw new TypeError(`the backend has no method ${name}`);
        return (method as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}
