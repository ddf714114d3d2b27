import { describe, expect, it } from 'vitest';
import { WatchedFiles } from '../src/connection/watched-files.js';

/* The registrations as the servers send them (observed on gopls and pyright 1.1.414; clangd 14 sends none). */

describe('the files a server asked to be told about', () => {
  it("match gopls's glob for Go sources and module files, and nothing else", () => {
    const watched = new WatchedFiles();
    watched.register({
      id: 'workspace/didChangeWatchedFiles-0',
      method: 'workspace/didChangeWatchedFiles',
      registerOptions: { watchers: [{ globPattern: '**/*.{go,mod,sum,work}', kind: 7 }] },
    });
    expect(watched.covers('/w/go.mod', 'changed')).toBe(true);
    expect(watched.covers('/w/sub/go.work', 'created')).toBe(true);
    expect(watched.covers('/w/compile_flags.txt', 'changed')).toBe(false);
  });

  it('match a pattern relative to a base, and only the kinds of change asked for', () => {
    const watched = new WatchedFiles();
    watched.register({
      id: 'a',
      method: 'workspace/didChangeWatchedFiles',
      registerOptions: { watchers: [{ globPattern: { baseUri: 'file:///w/lib', pattern: '**/*.json' }, kind: 1 }] },
    });
    expect(watched.covers('/w/lib/conf/x.json', 'created')).toBe(true);
    expect(watched.covers('/w/lib/conf/x.json', 'changed')).toBe(false);
    expect(watched.covers('/w/other/x.json', 'created')).toBe(false);
  });

  it('are forgotten when the server unregisters them', () => {
    const watched = new WatchedFiles();
    watched.register({ id: 'b', method: 'workspace/didChangeWatchedFiles', registerOptions: { watchers: [{ globPattern: '**' }] } });
    expect(watched.covers('/w/.lsp.json', 'deleted')).toBe(true);
    watched.unregister({ id: 'b', method: 'workspace/didChangeWatchedFiles' });
    expect(watched.covers('/w/.lsp.json', 'deleted')).toBe(false);
  });
});
