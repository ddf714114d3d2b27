import { afterAll, beforeAll } from 'vitest';

/**
 * A resource shared by the tests of one `describe` (a server, a read-only workspace):
 * created before them, disposed after them. Returns its getter.
 */
export function useShared<T extends AsyncDisposable>(create: () => Promise<T>, timeoutMs?: number): () => T {
  let resource: T | undefined;
  beforeAll(async () => {
    resource = await create();
  }, timeoutMs);
  afterAll(async () => {
    await resource?.[Symbol.asyncDispose]();
    resource = undefined;
  });
  return () => {
    if (resource === undefined) throw new Error('shared resource used outside its describe block');
    return resource;
  };
}
