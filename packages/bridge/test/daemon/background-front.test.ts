import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ErrorCode, toolError, type Progress } from '@mcp-lsp-bridge/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { background, type Background, type Bridge } from './front-fixture.js';
import { bridgeOver, type RunOperation } from '../../src/operations/bridge-surface.js';

/*
 * The front against real background servers on real Unix sockets (DaemonServer, in this
 * process); their bridges are stand-ins of our own Bridge interface, so each test decides
 * what a server answers, and when it dies.
 */

let runtime = '';
let root = '';

beforeEach(async () => {
  runtime = await realpath(await mkdtemp(join(tmpdir(), 'front-runtime-')));
  root = await realpath(await mkdtemp(join(tmpdir(), 'front-root-')));
});

afterEach(async () => {
  await rm(runtime, { recursive: true, force: true });
  await rm(root, { recursive: true, force: true });
});

/** A bridge answering with `answer`, counting its calls. */
function answering(answer: RunOperation): Bridge & { readonly calls: number } {
  let calls = 0;
  const run: RunOperation = (name, input, options) => {
    calls++;
    return answer(name, input, options);
  };
  const bridge = bridgeOver(loadConfig({}), run, () => Promise.resolve());
  return {
    ...bridge,
    get calls() {
      return calls;
    },
  };
}

const found = { success: true, references: [], totalCount: 0 } as const;
const refs = () => ({ workspaceRoot: root, filePath: 'a.ts', line: 1, column: 1 });

describe('a front of background servers', () => {
  it('runs a call in the server of its root, and one whose root is no directory in process', async () => {
    const server = answering(() => Promise.resolve(found as never));
    const local = answering(() => Promise.resolve(toolError(ErrorCode.WORKSPACE_NOT_FOUND, 'no such root') as never));
    await using setup = await background(runtime, root, server, local);
    expect(await setup.front.run('find_references', refs())).toEqual(found);
    expect(await setup.front.run('find_references', { ...refs(), workspaceRoot: join(root, 'missing') })).toMatchObject({
      error: { code: 'WORKSPACE_NOT_FOUND' },
    });
    expect(await setup.front.run('find_references', { ...refs(), workspaceRoot: 'relative' })).toMatchObject({ success: false });
    expect([server.calls, local.calls]).toEqual([1, 2]);
  });

  it('carries each call its own progress, and its cancellation', async () => {
    const server = answering(async (_name, input, options) => {
      const tag = (input as { filePath: string }).filePath;
      options?.onProgress?.({ done: 1, total: 2, message: tag });
      await new Promise<void>((resolve) => options?.signal?.addEventListener('abort', () => resolve(), { once: true }) ?? resolve());
      return toolError(ErrorCode.CANCELLED, `cancelled ${tag}`);
    });
    await using setup = await background(
      runtime,
      root,
      server,
      answering(() => Promise.reject(new Error('not in process'))),
    );
    const seen: Record<string, Progress[]> = { 'a.ts': [], 'b.ts': [] };
    const controllers = [new AbortController(), new AbortController()];
    const calls = ['a.ts', 'b.ts'].map((filePath, index) =>
      setup.front.run(
        'find_references',
        { ...refs(), filePath },
        {
          signal: controllers[index]?.signal,
          onProgress: (progress) => {
            seen[filePath]?.push(progress);
            controllers[index]?.abort();
          },
        },
      ),
    );
    const answers = await Promise.all(calls);
    expect(answers.map((answer) => (answer as { error: { message: string } }).error.message)).toEqual(['cancelled a.ts', 'cancelled b.ts']);
    expect(seen).toEqual({ 'a.ts': [{ done: 1, total: 2, message: 'a.ts' }], 'b.ts': [{ done: 1, total: 2, message: 'b.ts' }] });
  });

  /**
   * A server that, during its first call, dies (`kill`) or is stopped (`stop`) and then answers
   * `answer`; `next` takes its place. Nothing runs in process.
   */
  async function replaced(how: 'kill' | 'die' | 'stop', answer: unknown) {
    const late: { setup?: Background } = {};
    const first = answering(async () => {
      await late.setup?.[how]();
      return answer as never;
    });
    const next = answering(() => Promise.resolve(found as never));
    const notInProcess = answering(() => Promise.reject(new Error('not in process')));
    const setup = (late.setup = await background(runtime, root, first, notInProcess, next));
    return { setup, first, next };
  }

  it('asks a reading call again of a new server when its server dies during the call', async () => {
    const { setup, first, next } = await replaced('kill', found);
    await using _setup = setup;
    expect(await setup.front.run('find_references', refs())).toEqual(found);
    expect([first.calls, next.calls]).toEqual([1, 1]);
  });

  it('asks a reading call again of the new server when the dying one still accepts connections it will not answer', async () => {
    const { setup, first, next } = await replaced('die', found);
    await using _setup = setup;
    expect(await setup.front.run('find_references', refs())).toEqual(found);
    expect([first.calls, next.calls]).toEqual([1, 1]);
  });

  it('never asks a writing call twice: it answers what the user must check', async () => {
    const { setup, first, next } = await replaced('kill', found);
    await using _setup = setup;
    const answer = await setup.front.run('rename_symbol', { ...refs(), newName: 'b' });
    expect(answer).toMatchObject({ success: false, error: { code: 'LANGUAGE_SERVER_ERROR' } });
    expect((answer as { error: { message: string } }).error.message).toContain('all or none');
    expect([first.calls, next.calls]).toEqual([1, 0]);
  });

  it('asks a call again of a new server when its server answers CANCELLED because it is stopping', async () => {
    const stopped = toolError(ErrorCode.CANCELLED, 'The call was not started: the bridge was disposed.');
    const { setup, first, next } = await replaced('stop', stopped);
    await using _setup = setup;
    expect(await setup.front.run('rename_symbol', { ...refs(), newName: 'b' })).toEqual(found);
    expect([first.calls, next.calls]).toEqual([1, 1]);
  });
});
