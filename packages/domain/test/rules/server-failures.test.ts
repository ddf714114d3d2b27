import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/errors/error-codes.js';
import { ServerFailureException, serverFailureOf, type ServerExit, type ServerFailure } from '../../src/errors/server-failure.js';
import { bridgeErrorOf } from '../../src/errors/bridge-error.js';
import {
  outsideServerBuild,
  refusedAsRenamedAlone,
  serverExitText,
  serverFailureError,
  serverRenameRefusal,
} from '../../src/rules/server-failures.js';

const clangd = (what: ServerFailure['what']): ServerFailure => ({ server: 'clangd', language: 'C/C++', otherBackend: false, what });
const tsls = (what: ServerFailure['what']): ServerFailure => ({
  server: 'typescript-language-server',
  language: 'TypeScript and JavaScript',
  otherBackend: true,
  what,
});

describe('serverFailureError', () => {
  it('tells a user of a crashed server it is started again, and offers the in-process backend only for a language it serves', () => {
    const crashed = serverFailureError(clangd({ kind: 'gone', exit: { kind: 'exited', code: 3 }, method: 'textDocument/definition' }));
    expect(crashed.code).toBe(ErrorCode.LANGUAGE_SERVER_ERROR);
    expect(crashed.message).toBe('clangd exited with code 3 (during textDocument/definition)');
    expect(crashed.resolution).toContain('clangd is started again on the next call');
    expect(crashed.resolution).toContain('.lsp.json');
    expect(crashed.resolution).not.toContain('<workspaceRoot>');
    expect(crashed.resolution).not.toContain('tsservice');

    const typescript = serverFailureError(tsls({ kind: 'gone', exit: { kind: 'signalled', signal: 'SIGKILL' } }));
    expect(typescript.message).toBe('typescript-language-server exited on signal SIGKILL');
    expect(typescript.resolution).toContain('LSP_BRIDGE_BACKEND to tsservice');
  });

  it('names the .lsp.json where another server for the language can be named', () => {
    const failure = clangd({ kind: 'gone', exit: { kind: 'exited', code: 3 } });
    const error = serverFailureError({ ...failure, configFile: '/w/app/.lsp.json' });
    expect(error.resolution).toContain('or name another C/C++ server in /w/app/.lsp.json.');
  });

  it("words a refused request with the server's own message, once", () => {
    const refused = serverFailureError(clangd({ kind: 'refused', method: 'textDocument/hover', message: 'invalid AST' }));
    expect(refused.message).toBe('clangd failed textDocument/hover: invalid AST');
    expect(refused.message.split('invalid AST')).toHaveLength(2);
    expect(refused.resolution).not.toContain('tsservice');
  });

  it("says a file outside the server's build has no answers and how to get them, not to retry", () => {
    const gopls: ServerFailure = {
      server: 'gopls',
      language: 'Go',
      otherBackend: false,
      what: { kind: 'refused', method: 'textDocument/definition', message: 'no package metadata for file file:///w/a_windows.go' },
    };
    const error = serverFailureError(gopls);
    expect(error.code).toBe(ErrorCode.LANGUAGE_SERVER_ERROR);
    expect(error.message).toContain('gopls cannot answer textDocument/definition there: the file is outside the build it loads');
    expect(error.resolution).toContain('GOOS=windows');
    expect(error.resolution).not.toContain('Retry');
  });

  it('says when a crashing server is given up on, and that restarting the MCP server resets the limit', () => {
    const until = '2026-01-01T00:05:00.000Z';
    const error = serverFailureError(clangd({ kind: 'crashing', crashes: 4, windowMinutes: 5, last: 'exited with code 3', until }));
    expect(error.message).toBe(
      `clangd crashed 4 times within 5 minutes (last: exited with code 3); it is not restarted again before ${until}`,
    );
    expect(error.resolution).toContain('restarting the MCP server resets the limit');
    expect(error.resolution).not.toContain('tsservice');
    expect(serverFailureError(tsls({ kind: 'crashing', crashes: 4, windowMinutes: 5, last: 'x', until })).resolution).toContain(
      'tsservice',
    );
  });

  it('names the language whose server lacks a feature, and no other backend for it', () => {
    const error = serverFailureError(clangd({ kind: 'unsupported', method: 'callHierarchy/outgoingCalls' }));
    expect(error.message).toBe('clangd does not support callHierarchy/outgoingCalls (it answered "method not found")');
    expect(error.resolution).toContain('no other server is configured for C/C++ files');
    const undeclared = serverFailureError(tsls({ kind: 'unsupported', method: 'm', capability: 'renameProvider' }));
    expect(undeclared.message).toBe('typescript-language-server does not support m (it declares no renameProvider)');
    expect(undeclared.resolution).toContain('LSP_BRIDGE_BACKEND=tsservice');
  });

  it('says how a server ended', () => {
    const gone = (exit: ServerExit): string => serverFailureError(clangd({ kind: 'gone', exit })).message;
    expect(gone({ kind: 'not-started', error: 'spawn clangd ENOENT' })).toBe('clangd could not be started (spawn clangd ENOENT)');
    expect(gone({ kind: 'exited', code: null })).toBe('clangd exited with code unknown');
    expect(gone({ kind: 'lost-tsserver' })).toBe('clangd lost its tsserver (it exited with an error)');
    expect(gone({ kind: 'lost-tsserver', code: '1', signal: 'null' })).toBe('clangd lost its tsserver (exit code 1)');
    expect(gone({ kind: 'lost-tsserver', code: 'null', signal: 'SIGTERM' })).toBe('clangd lost its tsserver (signal SIGTERM)');
    expect(gone({ kind: 'not-running' })).toBe('clangd is not running');
    expect(serverExitText({ kind: 'connection-closed' })).toBe('closed its connection');
  });
});

describe('a server failure thrown by an adapter', () => {
  it('is a BridgeException worded by the domain, and its fact is found by shape', () => {
    const failure = clangd({ kind: 'gone', exit: { kind: 'connection-closed' } });
    const thrown: unknown = new ServerFailureException(failure);
    expect(bridgeErrorOf(thrown)).toEqual(serverFailureError(failure));
    expect(serverFailureOf(thrown)).toBe(failure);
    expect(serverFailureOf(new Error('clangd'))).toBeUndefined();
    expect(serverFailureOf({ serverFailure: { server: 1 } })).toBeUndefined();
  });
});

describe('serverRenameRefusal', () => {
  const gopls = (message: string, method = 'textDocument/rename'): ServerFailure => ({
    server: 'gopls',
    language: 'Go',
    otherBackend: false,
    what: { kind: 'refused', method, message },
  });

  it("is RENAME_CONFLICT, with the server's reason once, when the server says the name is taken", () => {
    const error = serverRenameRefusal(
      gopls('renaming this func "Scale" to "Double" conflicts with func in same block'),
      'geometry/scale.go',
      'Double',
    );
    expect(error?.code).toBe(ErrorCode.RENAME_CONFLICT);
    expect(error?.message).toBe(
      'Renaming the symbol in geometry/scale.go to "Double" would conflict with another declaration: gopls says renaming this func "Scale" to "Double" conflicts with func in same block',
    );
  });

  it("is RENAME_CONFLICT, with the server's reason once, when the server says the rename would break an interface (pflag's Value.Set)", () => {
    const reason =
      'renaming this method "Set" to "SetRn" would make *github.com/spf13/pflag.bytesBase64Value no longer assignable to interface Value (rename github.com/spf13/pflag.Value.Set if you intend to change both types)';
    const error = serverRenameRefusal(gopls(reason), 'bytes.go', 'SetRn');
    expect(error?.code).toBe(ErrorCode.RENAME_CONFLICT);
    expect(error?.message).toBe(`Renaming the symbol in bytes.go to "SetRn" would break the program: gopls says ${reason}`);
    expect(error?.resolution).toBe(
      'Rename what the server names along with it (the interface method, for a method that implements one), or leave the name as it is.',
    );
  });

  it('is LANGUAGE_SERVER_ERROR saying which errors to fix first when the server renames only in packages that compile', () => {
    const reason = 'renaming "Type" to "StepType" not possible because "github.com/google/go-cmp/cmp/cmpopts" has errors';
    const error = serverRenameRefusal(gopls(reason), 'cmp/path.go', 'StepType');
    expect(error?.code).toBe(ErrorCode.LANGUAGE_SERVER_ERROR);
    expect(error?.message).toBe(`gopls cannot rename the symbol in cmp/path.go: ${reason}`);
    expect(error?.resolution).toMatch(/^gopls renames only in packages that compile: fix the errors .*get_diagnostics/);
  });

  it('is nothing for any other refusal, another request, or another failure', () => {
    expect(serverRenameRefusal(gopls('no identifier found'), 'a.go', 'B')).toBeUndefined();
    expect(serverRenameRefusal(gopls('conflicts with func', 'textDocument/hover'), 'a.go', 'B')).toBeUndefined();
    const gone: ServerFailure = {
      server: 'gopls',
      language: 'Go',
      otherBackend: false,
      what: { kind: 'gone', exit: { kind: 'not-started', error: 'conflicts with' } },
    };
    expect(serverRenameRefusal(gone, 'a.go', 'B')).toBeUndefined();
  });
});

describe('refusedAsRenamedAlone', () => {
  const refused = (message: string, method = 'textDocument/rename'): ServerFailure => ({
    server: 'gopls',
    language: 'Go',
    otherBackend: false,
    what: { kind: 'refused', method, message },
  });

  it('is a rename refused for what renaming one member of a method family alone would break, and nothing else', () => {
    expect(
      refusedAsRenamedAlone(
        refused(
          'renaming this method "Type" to "StepType" would make github.com/google/go-cmp/cmp.pathStep no longer assignable to interface PathStep',
        ),
      ),
    ).toBe(true);
    expect(refusedAsRenamedAlone(refused('renaming this func "Scale" to "Double" conflicts with func in same block'))).toBe(false);
    expect(refusedAsRenamedAlone(refused('would make x no longer assignable to interface Y', 'textDocument/references'))).toBe(false);
  });
});

describe('outsideServerBuild', () => {
  const refused = (message: string): ServerFailure => ({
    server: 'gopls',
    language: 'Go',
    otherBackend: false,
    what: { kind: 'refused', method: 'textDocument/definition', message },
  });

  it("is true for gopls's refusal about a file a build constraint leaves out (pflag's bool_func_go1.21_test.go on Go 1.19)", () => {
    expect(outsideServerBuild(refused('no package metadata for file file:///w/pflag/bool_func_go1.21_test.go'))).toBe(true);
  });

  it('is false for any other refusal, and for a server that is gone', () => {
    expect(outsideServerBuild(refused('no identifier found'))).toBe(false);
    expect(outsideServerBuild(clangd({ kind: 'gone', exit: { kind: 'exited', code: 1 } }))).toBe(false);
  });
});
