import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ListRootsRequestSchema, type ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, describe, expect, it } from 'vitest';
import { connectStdio } from './stdio-client.js';

const base = realpathSync(mkdtempSync(path.join(tmpdir(), 'mcp-doctor-')));
afterAll(() => rmSync(base, { recursive: true, force: true }));

/** A project of these files under the test's temporary directory. */
function project(name: string, files: Readonly<Record<string, string>>): string {
  const root = path.join(base, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const which = (command: string): string => execFileSync('which', [command], { encoding: 'utf8' }).trim();
const uriOf = (root: string): string => `lsp-bridge://doctor?root=${encodeURIComponent(root)}`;

function contents(result: ReadResourceResult): { text: string; json: Record<string, unknown> } {
  const text = result.contents.find((c) => c.mimeType === 'text/plain');
  const json = result.contents.find((c) => c.mimeType === 'application/json');
  if (text === undefined || !('text' in text) || json === undefined || !('text' in json)) throw new Error('missing contents');
  return { text: text.text, json: JSON.parse(json.text) as Record<string, unknown> };
}

describe('the doctor resource', () => {
  const c = project('c-app', { 'src/main.c': '#include "util.h"\nint main(void) { return f(); }\n', 'include/util.h': 'int f(void);\n' });

  it('is a resource template an agent can read for any workspace root', async () => {
    await using server = await connectStdio({ cwd: c });
    const { resourceTemplates } = await server.client.listResourceTemplates();
    expect(resourceTemplates).toEqual([
      expect.objectContaining({ name: 'doctor', uriTemplate: 'lsp-bridge://doctor{?root}', mimeType: 'text/plain' }),
    ]);
    expect(server.client.getInstructions()).toContain('lsp-bridge://doctor?root=<workspaceRoot>');
  });

  it("lists the server's working directory as a workspace when the client shares no roots", async () => {
    await using server = await connectStdio({ cwd: c });
    expect((await server.client.listResources()).resources.map((r) => r.uri)).toEqual([uriOf(c)]);
  });

  it('lists one per root the client shares', async () => {
    const other = project('other', { 'main.py': 'x = 1\n' });
    await using server = await connectStdio({ cwd: c, capabilities: { roots: {} } });
    server.client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: [{ uri: pathToFileURL(other).href, name: 'other' }] }));
    expect((await server.client.listResources()).resources.map((r) => r.uri)).toEqual([uriOf(other)]);
  });

  it('tells the truth about a C project without compile flags: clangd where the shell finds it, and the fix', async () => {
    await using server = await connectStdio({ cwd: base });
    const { text, json } = contents(await server.client.readResource({ uri: uriOf(c) }));
    expect(json).toMatchObject({ success: true, root: c, ready: true, c: { headerDirectories: ['include'] } });
    const languages = json['languages'] as { name: string; fileCount: number; server: { path?: string } }[];
    expect(languages.find((l) => l.name === 'c-cpp')).toMatchObject({ fileCount: 2, server: { path: which('clangd') } });
    expect(json['problems']).toEqual([
      expect.objectContaining({ severity: 'warning', language: 'C/C++', fix: `cd ${c} && printf '%s\\n' -Iinclude > compile_flags.txt` }),
    ]);
    expect(text).toContain(`Workspace ${c}`);
    expect(text).toContain(`fix: cd ${c} && printf`);
  });

  it('says which language has no server when one is missing (PATH without clangd)', async () => {
    await using server = await connectStdio({ cwd: base, env: { PATH: '/nonexistent' } });
    const { json } = contents(await server.client.readResource({ uri: uriOf(c) }));
    expect(json).toMatchObject({ ready: false });
    expect(json['problems']).toContainEqual(
      expect.objectContaining({ severity: 'error', language: 'C/C++', fix: 'apt-get install clangd' }),
    );
  });

  it('answers a root that is not a directory with WORKSPACE_NOT_FOUND, as a tool would', async () => {
    await using server = await connectStdio({ cwd: base });
    const { text, json } = contents(await server.client.readResource({ uri: uriOf(path.join(base, 'nope')) }));
    expect(json).toMatchObject({ success: false, error: { code: 'WORKSPACE_NOT_FOUND' } });
    expect(text).toMatch(/^Error WORKSPACE_NOT_FOUND: .+\nResolution: .+$/);
  });
});
