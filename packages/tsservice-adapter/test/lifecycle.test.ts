import type { Signal } from '@mcp-lsp-bridge/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TsSymbolIndex } from '../src/index.js';
import { Fixture, located, projectWide, scopeOf } from './fixture.js';

const COMPILER = '"strict": true, "module": "esnext", "moduleResolution": "bundler"';

function workspace(): Fixture {
  const files: Record<string, string> = {};
  for (const name of ['one', 'two', 'three']) {
    files[`packages/${name}/tsconfig.json`] = `{ "compilerOptions": { ${COMPILER} } }`;
    files[`packages/${name}/index.ts`] = `export function /*@decl*/${name}() {}\n${name}();\n`;
  }
  for (let i = 0; i < 30; i++) files[`packages/one/use${i}.ts`] = `import { one } from "./index";\none();\n`;
  return new Fixture(files);
}

describe('cancellation and caching', () => {
  let fx: Fixture;
  let index: TsSymbolIndex;
  const log: string[] = [];
  beforeEach(() => {
    fx = workspace();
    log.length = 0;
    index = new TsSymbolIndex({ maxProjects: 2, log: (m) => log.push(m) });
  });
  afterEach(() => {
    index.dispose();
    fx.cleanup();
  });

  it('rejects every method with the reason of an aborted signal', async () => {
    const controller = new AbortController();
    const reason = new Error('caller gave up');
    controller.abort(reason);
    const scope = scopeOf(fx, controller.signal);
    const at = fx.at('packages/one/index.ts', '/*@decl*/');
    await expect(index.sourceText(scope, at.path)).rejects.toBe(reason);
    await expect(index.references(scope, at)).rejects.toBe(reason);
    await expect(index.renameLocations(scope, at, 'uno')).rejects.toBe(reason);
    await expect(projectWide(index, scope)).rejects.toBe(reason);
  });

  it('stops a running TypeScript operation when the signal aborts midway, and keeps working afterwards', async () => {
    const reason = new Error('timed out');
    let reads = 0;
    // Aborts once TypeScript has polled the token a few times, i.e. inside findReferences.
    const signal: Signal = {
      get aborted() {
        return ++reads > 3;
      },
      reason,
      throwIfAborted() {},
      addEventListener() {},
      removeEventListener() {},
    };
    await index.definitions(scopeOf(fx), fx.at('packages/one/index.ts', '/*@decl*/'));
    reads = 0;
    await expect(index.references(scopeOf(fx, signal), fx.at('packages/one/index.ts', '/*@decl*/'))).rejects.toBe(reason);
    const answer = await index.references(scopeOf(fx), fx.at('packages/one/index.ts', '/*@decl*/'));
    expect(answer.references).toHaveLength(2 + 30 * 2);
  });

  it('stops project diagnostics between files', async () => {
    const controller = new AbortController();
    const reason = new Error('enough');
    const seen: number[] = [];
    const run = projectWide(index, {
      ...scopeOf(fx, controller.signal),
      onProgress: ({ done }) => {
        seen.push(done);
        if (done === 2) controller.abort(reason);
      },
    });
    await expect(run).rejects.toBe(reason);
    expect(seen).toEqual([0, 1, 2]);
  });

  it('keeps at most maxProjects language services, evicting the least recently used', async () => {
    for (const name of ['one', 'two', 'three']) await index.definitions(scopeOf(fx), fx.at(`packages/${name}/index.ts`, `${name}();`));
    expect(index.loadedProjects()).toEqual([fx.path('packages/two/tsconfig.json'), fx.path('packages/three/tsconfig.json')]);
    expect(log).toContain(`tsservice: evicted project ${fx.path('packages/one/tsconfig.json')}`);
    const defs = await index.definitions(scopeOf(fx), fx.at('packages/one/index.ts', 'one();'));
    expect(located(fx, defs)).toEqual(fx.spans(['packages/one/index.ts', '/*@decl*/']));
    expect(index.loadedProjects()).toEqual([fx.path('packages/three/tsconfig.json'), fx.path('packages/one/tsconfig.json')]);
  });

  it('stays within maxProjects during a project-wide check', async () => {
    const answer = await projectWide(index, scopeOf(fx));
    expect(answer.filesChecked).toBe(33);
    expect(index.loadedProjects()).toHaveLength(2);
    expect(log.filter((m) => m.includes('evicted'))).toEqual([`tsservice: evicted project ${fx.path('packages/one/tsconfig.json')}`]);
  });

  it('keeps a project warm across workspace roots', async () => {
    await index.definitions(scopeOf(fx), fx.at('packages/two/index.ts', 'two();'));
    const inner = { workspaceRoot: fx.path('packages/two'), signal: new AbortController().signal };
    await index.definitions(inner, fx.at('packages/two/index.ts', 'two();'));
    expect(log.filter((m) => m.includes('created project'))).toEqual([
      `tsservice: created project ${fx.path('packages/two/tsconfig.json')}`,
    ]);
  });
});
