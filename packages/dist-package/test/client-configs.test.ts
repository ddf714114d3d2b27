import { readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { MANIFEST, REPO_ROOT, run, userEnv } from './helpers/install.js';

// docs/clients.md, as a user copies from it: each snippet parses, in the shape its client
// documents, and names the command that starts the installed package.

/** The installed package's server, by name: what `npm install -g` (or the README's install from a clone) puts on the PATH. */
const SERVER = { command: MANIFEST.name, args: [] as string[] };

interface Snippet {
  readonly section: string;
  readonly language: string;
  readonly text: string;
}

/** The fenced code blocks of a Markdown text, with the `## ` section each sits in. */
function snippets(markdown: string): Snippet[] {
  const found: Snippet[] = [];
  let section = '';
  const fence = /^```(\w*)\n([\s\S]*?)^```$/gm;
  const headings = [...markdown.matchAll(/^## (.+)$/gm)].map((match) => ({ at: match.index, title: match[1] ?? '' }));
  for (const match of markdown.matchAll(fence)) {
    section = headings.filter((heading) => heading.at < match.index).at(-1)?.title ?? '';
    found.push({ section, language: match[1] ?? '', text: match[2] ?? '' });
  }
  return found;
}

const stdioServer = z.object({ command: z.string(), args: z.array(z.string()), env: z.record(z.string(), z.string()).optional() });

/**
 * `{"mcpServers": {name: {command, args, env}}}`: Claude Desktop's claude_desktop_config.json
 * (https://modelcontextprotocol.io/quickstart/user), Cursor's .cursor/mcp.json
 * (https://cursor.com/docs/mcp), and Claude Code's .mcp.json, where `type` is "stdio"
 * (https://code.claude.com/docs/en/mcp#project-scope).
 */
const mcpServersFile = z
  .object({ mcpServers: z.record(z.string(), stdioServer.extend({ type: z.literal('stdio').optional() }).strict()) })
  .strict();

/** VS Code's .vscode/mcp.json: `servers`, each with `type` (https://code.visualstudio.com/docs/copilot/reference/mcp-configuration). */
const vscodeFile = z
  .object({
    servers: z.record(z.string(), stdioServer.extend({ type: z.literal('stdio') }).strict()),
    inputs: z.array(z.unknown()).optional(),
  })
  .strict();

/** Codex's ~/.codex/config.toml: an `[mcp_servers.<name>]` table (https://developers.openai.com/codex/mcp). */
const codexFile = z.object({ mcp_servers: z.record(z.string(), stdioServer.strict()) }).strict();

const CLIENTS = {
  'Claude Code': (text: string) => mcpServersFile.parse(JSON.parse(text)).mcpServers,
  'Claude Desktop': (text: string) => mcpServersFile.parse(JSON.parse(text)).mcpServers,
  Cursor: (text: string) => mcpServersFile.parse(JSON.parse(text)).mcpServers,
  'VS Code': (text: string) => vscodeFile.parse(JSON.parse(text)).servers,
  Codex: (text: string) => codexFile.parse(parseToml(text)).mcp_servers,
} satisfies Record<string, (text: string) => Record<string, { command: string; args: string[] }>>;

const doc = readFileSync(join(REPO_ROOT, 'docs', 'clients.md'), 'utf8');
const blocks = snippets(doc);

describe('docs/clients.md', () => {
  it.each(Object.entries(CLIENTS))(
    'the %s configuration parses in its documented shape and starts the installed mcp-lsp-bridge',
    (client, parse) => {
      const configs = blocks.filter((block) => block.section === client && (block.language === 'json' || block.language === 'toml'));
      expect(configs).toHaveLength(1);
      const servers = parse(configs[0]?.text ?? '');
      expect(Object.keys(servers)).toEqual([MANIFEST.name]);
      const { command, args } = servers[MANIFEST.name] ?? { command: '', args: [] };
      expect({ command, args }).toEqual(SERVER);
    },
  );

  it('leads the install section with claude mcp add, and every command line runs the installed command', () => {
    const install = blocks.filter((block) => block.section === 'Install' && block.language === 'sh');
    expect(install[0]?.text.trim()).toBe(`claude mcp add --scope user ${MANIFEST.name} -- ${SERVER.command}`);
    const commandLines = [...doc.matchAll(/`((?:claude|codex) mcp add [^`]+)`/g)].map((match) => match[1] ?? '');
    const lines = [...commandLines, ...install.map((block) => block.text.trim())].filter((l) => l.includes(' mcp add '));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(line).toMatch(new RegExp(`-- ${MANIFEST.name}$`));
  });

  it('gives the registry form for once the package is published', () => {
    expect(doc).toContain(`"command": "npx", "args": ["-y", "${MANIFEST.name}"]`);
    expect(doc).toContain('lsp-bridge init <client> --npx');
  });

  it('the configured command, run where the package is installed, answers --version', async () => {
    // The install's bin directory on the PATH, as a global install puts it there.
    const installDir = inject('installDir');
    const bin = join(installDir, 'node_modules', '.bin');
    const env = userEnv({ PATH: `${bin}${delimiter}${process.env['PATH'] ?? ''}` });
    const { code, stdout, stderr } = await run(SERVER.command, [...SERVER.args, '--version'], { cwd: installDir, env });
    expect(code, stderr).toBe(0);
    expect(stdout.split('\n')[0]).toBe(`${MANIFEST.name} ${MANIFEST.version}`);
  });
});
