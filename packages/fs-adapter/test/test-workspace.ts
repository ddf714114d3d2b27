import { mkdir, mkdtemp, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { bridgeErrorOf } from '@mcp-lsp-bridge/domain';
import { afterEach, beforeEach, expect } from 'vitest';

/** A real directory tree under the OS temp dir: `<base>/app` is the workspace root. */
export interface TestWorkspace {
  readonly base: string;
  readonly root: string;
  /** A state directory of this workspace's own (`<base>/state`), for the write journals. */
  readonly state: string;
  /** Writes `content` at `relative` (to `base`), creating directories; returns the absolute path. */
  put(relative: string, content: string | Uint8Array): Promise<string>;
  /** Every file whose name marks it as one of the writer's temp files. */
  leftoverTemps(): Promise<string[]>;
  remove(): Promise<void>;
}

export async function createTestWorkspace(): Promise<TestWorkspace> {
  const base = await realpath(await mkdtemp(join(tmpdir(), 'fs-adapter-')));
  const root = join(base, 'app');
  await mkdir(root);
  return {
    base,
    root,
    state: join(base, 'state'),
    async put(relative, content) {
      const path = join(base, relative);
      await mkdir(dirname(path), { recursive: true });
      await writeFile(path, content);
      return path;
    },
    async leftoverTemps() {
      const entries = await readdir(base, { recursive: true, withFileTypes: true });
      return entries.filter((e) => e.isFile() && e.name.endsWith('.lsp-bridge.tmp')).map((e) => join(e.parentPath, e.name));
    },
    remove: () => rm(base, { recursive: true, force: true }),
  };
}

/**
 * A fresh workspace for each test of the file, removed after it: call at the file's top level.
 * The object answers for the workspace of the test that runs.
 */
export function workspaceOfEachTest(): TestWorkspace {
  let current: TestWorkspace | undefined;
  beforeEach(async () => {
    current = await createTestWorkspace();
  });
  afterEach(async () => {
    await current?.remove();
    current = undefined;
  });
  const now = (): TestWorkspace => current ?? expect.fail('the test workspace exists only while a test runs');
  return {
    get base() {
      return now().base;
    },
    get root() {
      return now().root;
    },
    get state() {
      return now().state;
    },
    put: (relative, content) => now().put(relative, content),
    leftoverTemps: () => now().leftoverTemps(),
    remove: () => now().remove(),
  };
}

/** The signal of a call nobody cancels. */
export const live = (): AbortSignal => new AbortController().signal;

/** A file's text as UTF-8. */
export const text = (path: string): Promise<string> => readFile(path, 'utf8');

/** The domain error that `promise` rejects with (a refusal of the writer); fails the test if it resolves. */
export async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string; resolution: string }> {
  const thrown: unknown = await promise.then(
    () => expect.fail('expected a refusal'),
    (error: unknown) => error,
  );
  const error = bridgeErrorOf(thrown);
  if (error === undefined) throw thrown;
  return error;
}
