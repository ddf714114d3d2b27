import { BridgeException, ErrorCode, bridgeError, projectDiagnostics, type QueryScope, type ServerReading } from '@mcp-lsp-bridge/domain';
import { FakeSymbolIndex } from '@mcp-lsp-bridge/domain/testing';
import { GO, PYTHON, type LanguageProfile } from '@mcp-lsp-bridge/lsp-adapter';
import { Workspace } from '@mcp-lsp-bridge/workspace';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LanguageRouter, type LanguageIndex } from '../src/routing/language-router.js';

/** A fake backend per language, recording the paths it was asked about. */
class FakeLanguage extends FakeSymbolIndex {
  disposed = false;
  /** The paths whose texts it was asked to read. */
  readonly read: string[] = [];
  dispose(): void {
    this.disposed = true;
  }
  readTexts(_scope: QueryScope, path: string, texts: readonly string[]): Promise<readonly ServerReading[]> {
    this.read.push(path);
    return Promise.resolve(texts.map(() => ({ syntaxErrors: [], declarations: [], onlyTrivia: () => true })));
  }
}

const roots: string[] = [];

function workspace(files: Record<string, string>): string {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'language-router-')));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  return root;
}

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function routerOf(
  profiles: readonly LanguageProfile[],
  languages: Map<string, LanguageIndex>,
): { router: LanguageRouter; typescript: FakeSymbolIndex } {
  const typescript = new FakeSymbolIndex();
  const router = new LanguageRouter({
    typescript,
    profilesOf: () => profiles,
    configFileOf: (root) => join(root, '.lsp.json'),
    indexOf: (profile) => {
      const index = languages.get(profile.name);
      if (index === undefined) throw new Error(`no fake for ${profile.name}`);
      return index;
    },
    workspace: new Workspace({ maxFileBytes: 1024 * 1024 }),
    log: () => undefined,
  });
  return { router, typescript };
}

/** A budget that never runs out in these tests. */
const BUDGET = { budgetMs: 90_000, clock: { now: (): number => 0 } };

const scopeOf = (root: string): QueryScope => ({ workspaceRoot: root, signal: new AbortController().signal });

describe('LanguageRouter', () => {
  it("serves TypeScript's extensions and every profile's", () => {
    const { router } = routerOf([PYTHON, GO], new Map());
    expect([...router.extensions('/w')].sort()).toEqual(
      ['.cjs', '.cts', '.d.ts', '.go', '.js', '.jsx', '.mjs', '.mts', '.py', '.pyi', '.ts', '.tsx'].sort(),
    );
  });

  it("sends a file's calls to its language's backend, and TypeScript's to the TypeScript backend", async () => {
    const python = new FakeLanguage();
    const { router, typescript } = routerOf([PYTHON], new Map([['python', python]]));
    python.fileDiagnostics.set('/w/a.py', [
      { path: '/w/a.py', start: 0, length: 1, category: 'error', code: 'reportUndefinedVariable', message: 'x' },
    ]);
    typescript.fileDiagnostics.set('/w/a.ts', [{ path: '/w/a.ts', start: 0, length: 1, category: 'error', code: 2304, message: 'y' }]);
    expect((await router.diagnostics(scopeOf('/w'), '/w/a.py')).map((d) => d.code)).toEqual(['reportUndefinedVariable']);
    expect((await router.diagnostics(scopeOf('/w'), '/w/a.ts')).map((d) => d.code)).toEqual([2304]);
    expect(router.loadedLanguages()).toHaveLength(1);
  });

  it("hands a file's texts to its language's server to read, never TypeScript's", async () => {
    const python = new FakeLanguage();
    const { router } = routerOf([PYTHON], new Map([['python', python]]));
    expect(await router.readTexts(scopeOf('/w'), '/w/a.py', ['x = 1\n', 'x = 2\n'])).toHaveLength(2);
    expect(await router.readTexts(scopeOf('/w'), '/w/a.ts', ['let x = 1;\n'])).toHaveProperty('unchecked');
    expect(python.read).toEqual(['/w/a.py']);
  });

  it("gives a file's language's name rules, none for TypeScript's", () => {
    const { router } = routerOf([PYTHON, GO], new Map());
    expect(router.nameRules('/w', '/w/a.py')?.language).toBe('Python');
    expect(router.nameRules('/w', '/w/a.go')?.reserved).toContain('func');
    expect(router.nameRules('/w', '/w/a.ts')).toBeUndefined();
  });

  it('lets a configured profile (listed first) take over an extension', async () => {
    const configured: LanguageProfile = {
      ...PYTHON,
      name: 'basedpyright',
      server: { kind: 'executable', command: 'basedpyright-langserver', args: [] },
    };
    const mine = new FakeLanguage();
    const builtin = new FakeLanguage();
    mine.fileDiagnostics.set('/w/a.py', []);
    builtin.fileDiagnostics.set('/w/a.py', [{ path: '/w/a.py', start: 0, length: 1, category: 'error', code: 'x', message: 'x' }]);
    const { router } = routerOf(
      [configured, PYTHON],
      new Map([
        ['basedpyright', mine],
        ['python', builtin],
      ]),
    );
    expect(await router.diagnostics(scopeOf('/w'), '/w/a.py')).toEqual([]);
  });

  it("serves a workspace's language by its profile as now configured, and stops the backend an edited profile replaces", async () => {
    const before = new FakeLanguage();
    const after = new FakeLanguage();
    before.fileDiagnostics.set('/w/a.py', []);
    after.fileDiagnostics.set('/w/a.py', [{ path: '/w/a.py', start: 0, length: 1, category: 'warning', code: 'c', message: 'm' }]);
    const lenient: LanguageProfile = { ...PYTHON, settings: { 'python.analysis': { typeCheckingMode: 'off' } } };
    let profiles: readonly LanguageProfile[] = [PYTHON];
    const made: FakeLanguage[] = [];
    const router = new LanguageRouter({
      typescript: new FakeSymbolIndex(),
      profilesOf: () => profiles,
      configFileOf: (root) => join(root, '.lsp.json'),
      indexOf: () => {
        const next = made.length === 0 ? before : after;
        made.push(next);
        return next;
      },
      workspace: new Workspace({ maxFileBytes: 1024 * 1024 }),
      log: () => undefined,
    });
    expect(await router.diagnostics(scopeOf('/w'), '/w/a.py')).toEqual([]);
    // The workspace's .lsp.json edited: same language, other settings.
    profiles = [lenient];
    expect((await router.diagnostics(scopeOf('/w'), '/w/a.py')).map((d) => d.category)).toEqual(['warning']);
    expect(made).toEqual([before, after]);
    expect(before.disposed).toBe(true);
    expect(after.disposed).toBe(false);
  });

  it('asks every language the workspace has files of, and only those; a failing one is a failure entry', async () => {
    const root = workspace({ 'src/a.ts': '', 'svc/b.py': '', 'node_modules/x/c.go': '' });
    const python = new FakeLanguage();
    python.fileDiagnostics.set(join(root, 'svc/b.py'), [
      { path: join(root, 'svc/b.py'), start: 0, length: 1, category: 'error', code: 'c', message: 'm' },
    ]);
    python.diagnosticsGroups = [[join(root, 'svc/b.py')]];
    const go = new FakeLanguage();
    const { router, typescript } = routerOf(
      [PYTHON, GO],
      new Map<string, LanguageIndex>([
        ['python', python],
        ['go', go],
      ]),
    );
    typescript.diagnosticsGroups = [[join(root, 'src/a.ts')]];
    const answer = await projectDiagnostics(router, scopeOf(root), BUDGET);
    expect(answer.filesChecked).toBe(2);
    expect(answer.diagnostics.map((d) => d.code)).toEqual(['c']);
    // Each planned file is checked by the backend that planned it.
    expect(python.filesAsked).toEqual([join(root, 'svc/b.py')]);
    expect(typescript.filesAsked).toEqual([join(root, 'src/a.ts')]);
    // The Go file is in a dependency folder: Go's server is never started.
    expect(router.loadedLanguages()).toEqual([expect.stringMatching(/^python:/)]);

    writeFileSync(join(root, 'tool.go'), 'package main\n');
    go.diagnosticsPlan = () =>
      Promise.reject(
        new BridgeException(bridgeError(ErrorCode.LANGUAGE_SERVER_NOT_FOUND, 'gopls is not installed', 'apt-get install gopls golang-go')),
      );
    const partial = await projectDiagnostics(router, scopeOf(root), BUDGET);
    expect(partial.diagnostics.map((d) => d.code)).toEqual(['c']);
    expect(partial.failures.map((f) => f.path)).toEqual([root]);
    expect(partial.failures[0]?.reason).toContain('gopls is not installed');
  });

  it('answers no TypeScript compiler for a workspace without TypeScript or JavaScript', async () => {
    const root = workspace({ 'a.py': '' });
    const { router, typescript } = routerOf([PYTHON], new Map([['python', new FakeLanguage()]]));
    typescript.compilerUses.set('*', [{ version: '5.9.3', source: 'bundled', path: '/ts', projects: [root] }]);
    expect(await router.compilers(scopeOf(root), undefined)).toEqual([]);
    expect(await router.compilers(scopeOf(root), join(root, 'a.py'))).toEqual([]);
  });

  it('releases the language backends it started', async () => {
    const python = new FakeLanguage();
    const { router } = routerOf([PYTHON], new Map([['python', python]]));
    await router.outline(scopeOf('/w'), '/w/a.py');
    await router.dispose();
    expect(python.disposed).toBe(true);
  });
});
