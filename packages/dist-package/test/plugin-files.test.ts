import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { delimiter, join, relative } from 'node:path';
import { TOOL_NAMES } from '@mcp-lsp-bridge/mcp-app';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { MANIFEST, REPO_ROOT, copyFixture, removeFixtureCopies, run, userEnv } from './helpers/install.js';

// The Claude Code plugin of this repository (its `plugin/` directory, listed by the marketplace
// at the repository root), checked against the shapes Claude Code documents. Each schema models
// its documentation page; `.loose()` because each page lists more optional fields than we use.

/** A path inside the plugin: relative, starting with `./`, no `..` (plugin manifest reference, "Path rules"). */
const pluginPath = z.string().regex(/^\.\/(?!.*\.\.)/);
const kebabCase = z.string().regex(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/);
const semver = z.string().regex(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/);
const person = z.union([
  z.string(),
  z.object({ name: z.string().min(1), email: z.string().optional(), url: z.string().optional() }).loose(),
]);

/** An MCP server a plugin starts: stdio (`command`, `args`, `env`) or remote (`type` + `url`). */
const mcpServer = z.union([
  z.object({ command: z.string().min(1), args: z.array(z.string()).optional(), env: z.record(z.string(), z.string()).optional() }).loose(),
  z.object({ type: z.enum(['http', 'sse']), url: z.string() }).loose(),
]);

/**
 * `.claude-plugin/plugin.json`: https://code.claude.com/docs/en/plugins/manifest-reference
 * (also https://docs.claude.com/en/docs/claude-code/plugins-reference#plugin-manifest-schema).
 * `name` is required and kebab-case; component fields are a `./` path or, for hooks and MCP
 * servers, the configuration inline.
 */
const pluginManifest = z
  .object({
    name: kebabCase,
    version: semver.optional(),
    description: z.string().optional(),
    author: person.optional(),
    homepage: z.string().optional(),
    repository: z.union([z.string(), z.object({ url: z.string() }).loose()]).optional(),
    license: z.string().optional(),
    keywords: z.array(z.string()).optional(),
    commands: z.union([pluginPath, z.array(pluginPath)]).optional(),
    agents: z.union([pluginPath, z.array(pluginPath)]).optional(),
    skills: z.union([pluginPath, z.array(pluginPath)]).optional(),
    hooks: z.union([pluginPath, z.record(z.string(), z.unknown())]).optional(),
    mcpServers: z.union([pluginPath, z.record(z.string(), mcpServer)]).optional(),
  })
  .loose();

/**
 * `.claude-plugin/marketplace.json`: https://code.claude.com/docs/en/plugins/marketplace-reference
 * (also https://docs.claude.com/en/docs/claude-code/plugin-marketplaces#marketplace-schema).
 * Required: `name`, `owner` (with `name`), `plugins`; each entry needs `name` and `source`,
 * a relative path or a source object (`github`, `url`, …).
 */
const marketplace = z
  .object({
    name: kebabCase,
    owner: z.object({ name: z.string().min(1), email: z.string().optional() }).loose(),
    metadata: z
      .object({ description: z.string().optional(), version: z.string().optional(), pluginRoot: z.string().optional() })
      .loose()
      .optional(),
    plugins: z
      .array(
        z
          .object({
            name: kebabCase,
            source: z.union([pluginPath, z.object({ source: z.string() }).loose()]),
            description: z.string().optional(),
            version: semver.optional(),
            author: person.optional(),
            category: z.string().optional(),
            keywords: z.array(z.string()).optional(),
            tags: z.array(z.string()).optional(),
            strict: z.boolean().optional(),
          })
          .loose(),
      )
      .min(1),
  })
  .loose();

/**
 * `hooks/hooks.json`: https://code.claude.com/docs/en/hooks (configuration: event → matchers →
 * command hooks; `timeout` in seconds) and https://code.claude.com/docs/en/plugins-reference#hooks.
 */
const hookEvent = z.enum([
  'PreToolUse',
  'PostToolUse',
  'UserPromptSubmit',
  'Notification',
  'Stop',
  'SubagentStop',
  'SessionStart',
  'SessionEnd',
  'PreCompact',
]);
const hooksFile = z
  .object({
    description: z.string().optional(),
    hooks: z.partialRecord(
      hookEvent,
      z.array(
        z.object({
          matcher: z.string().optional(),
          hooks: z
            .array(z.object({ type: z.literal('command'), command: z.string().min(1), timeout: z.number().positive().optional() }).loose())
            .min(1),
        }),
      ),
    ),
  })
  .strict();

/**
 * SKILL.md frontmatter: https://code.claude.com/docs/en/skills ("Frontmatter reference"): `name`
 * lowercase letters, numbers and hyphens, at most 64 characters; `description` says what the
 * skill does and when to use it, at most 1024 characters, and the listing cuts it at 250.
 */
const skillFrontmatter = z
  .object({
    name: z
      .string()
      .max(64)
      .regex(/^[a-z0-9-]+$/),
    description: z.string().min(1).max(250),
    'allowed-tools': z.string().optional(),
  })
  .strict();

const readJson = (file: string): unknown => JSON.parse(readFileSync(join(REPO_ROOT, file), 'utf8'));

/** The `key: value` lines between the leading `---` fences (all our frontmatter uses). */
function frontmatter(text: string): { fields: Record<string, string>; body: string } {
  const match = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  if (match === null) throw new Error('SKILL.md has no frontmatter');
  const fields = Object.fromEntries(
    (match[1] ?? '').split('\n').map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
    }),
  );
  return { fields, body: match[2] ?? '' };
}

const PLUGIN_ROOT = join(REPO_ROOT, 'plugin');

/** Every file under `dir`, with its size (what Claude Code copies into its plugin cache). */
function filesUnder(dir: string): { path: string; bytes: number }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(join(dir, entry.name))
      : [{ path: relative(PLUGIN_ROOT, join(dir, entry.name)), bytes: statSync(join(dir, entry.name)).size }],
  );
}

describe('the Claude Code plugin', () => {
  const plugin = pluginManifest.parse(readJson('plugin/.claude-plugin/plugin.json'));
  const market = marketplace.parse(readJson('.claude-plugin/marketplace.json'));

  it('starts the installed mcp-lsp-bridge command and carries the package version', () => {
    expect(plugin.name).toBe(MANIFEST.name);
    expect(plugin.version).toBe(MANIFEST.version);
    expect(plugin.mcpServers).toEqual({ 'mcp-lsp-bridge': { command: MANIFEST.name, args: [] } });
  });

  it("is listed by the repository's marketplace, whose source is the plugin directory alone", () => {
    const entry = market.plugins.find((p) => p.name === plugin.name);
    expect(entry).toBeDefined();
    expect(entry?.version).toBe(plugin.version);
    expect(entry?.source).toBe('./plugin');
    expect(existsSync(join(REPO_ROOT, 'plugin', '.claude-plugin', 'plugin.json'))).toBe(true);
    // The repository root is no plugin: installing one never copies the repository (node_modules included).
    expect(existsSync(join(REPO_ROOT, '.claude-plugin', 'plugin.json'))).toBe(false);
  });

  it('copies a few kilobytes into the plugin cache: its manifest, skill and hook, nothing installed', () => {
    const files = filesUnder(PLUGIN_ROOT);
    const bytes = files.reduce((sum, file) => sum + file.bytes, 0);
    process.stdout.write(`plugin: ${files.length} files, ${(bytes / 1024).toFixed(1)} KiB (${files.map((f) => f.path).join(', ')})\n`);
    expect(files.map((file) => file.path).sort()).toEqual([
      '.claude-plugin/plugin.json',
      'hooks/diagnostics-after-edit.mjs',
      'hooks/hooks.json',
      'skills/compiler-navigation/SKILL.md',
    ]);
    expect(bytes).toBeLessThan(32 * 1024);
  });

  it('has a short skill that names every tool and how to address a symbol', () => {
    const text = readFileSync(join(PLUGIN_ROOT, 'skills', 'compiler-navigation', 'SKILL.md'), 'utf8');
    const { fields, body } = frontmatter(text);
    const skill = skillFrontmatter.parse(fields);
    expect(skill.name).toBe('compiler-navigation');
    expect(text.trimEnd().split('\n').length).toBeLessThanOrEqual(60);
    for (const tool of TOOL_NAMES) expect(body, tool).toContain(`\`${tool}\``);
    const named = [...body.matchAll(/`([a-z]+(?:_[a-z]+)+)`/g)].map((match) => match[1]);
    expect(named.filter((name) => name !== undefined && !(TOOL_NAMES as readonly string[]).includes(name))).toEqual([]);
    expect(body).toContain('"symbol": "Calculator.add"');
    expect(body).toContain('"nodeId"');
  });

  it('has a PostToolUse hook on Edit and Write whose script exists', () => {
    const hooks = hooksFile.parse(readJson('plugin/hooks/hooks.json'));
    const postToolUse = hooks.hooks.PostToolUse ?? [];
    expect(postToolUse).toHaveLength(1);
    const [entry] = postToolUse;
    expect(entry?.matcher?.split('|')).toEqual(expect.arrayContaining(['Edit', 'Write']));
    const command = entry?.hooks[0]?.command ?? '';
    const script = /\$\{CLAUDE_PLUGIN_ROOT\}\/([^"]+)/.exec(command)?.[1];
    expect(script).toBe('hooks/diagnostics-after-edit.mjs');
    expect(existsSync(join(PLUGIN_ROOT, script ?? ''))).toBe(true);
  });
});

describe('the after-edit hook', () => {
  afterAll(removeFixtureCopies);
  const script = join(PLUGIN_ROOT, 'hooks', 'diagnostics-after-edit.mjs');
  /** The hook as Claude Code runs it, with the installed package's bin directory on the PATH (as `npm install -g` puts it). */
  const hook = async (
    root: string,
    filePath: string,
    path = `${join(inject('installDir'), 'node_modules', '.bin')}${delimiter}${process.env['PATH'] ?? ''}`,
  ) => {
    const payload = JSON.stringify({ hook_event_name: 'PostToolUse', tool_name: 'Write', cwd: root, tool_input: { file_path: filePath } });
    const env = userEnv({ PATH: path, LSP_BRIDGE_DAEMON: 'off' });
    return run(process.execPath, [script], { cwd: root, env, input: payload });
  };

  it('reports the errors of an edited file to Claude (exit 2, stderr) and leaves hints out', async () => {
    const root = await copyFixture();
    const marker = '/*@error:TS2322*/';
    const source = `export const ${marker}total: number = 'many';\nexport function unused(): void {\n  const /*@hint:TS6133*/never = 1;\n}\n`;
    await writeFile(join(root, 'src', 'broken.ts'), source);
    const { code, stdout, stderr } = await hook(root, join(root, 'src', 'broken.ts'));
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    const lines = stderr.trimEnd().split('\n');
    expect(lines[0]).toBe(`1 TypeScript error in ${join(root, 'src', 'broken.ts')} after this edit:`);
    const column = source.indexOf(marker) + marker.length + 1;
    expect(lines[1]).toMatch(new RegExp(`^ {2}src/broken\\.ts:1:${column} TS2322 `));
    expect(lines).toHaveLength(2);
  });

  it.each([
    ['Python (pyright)', 'src/broken.py', 'total: int = "many"\n', '"many"'],
    ['Go (gopls)', 'main.go', 'package main\n\nfunc main() {\n\tvar total int = "many"\n\t_ = total\n}\n', '"many"'],
  ])('reports the errors of a %s file the same way', async (_language, file, source, culprit) => {
    const root = await copyFixture();
    await writeFile(join(root, file), source);
    const { code, stdout, stderr } = await hook(root, join(root, file));
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
    const lines = stderr.trimEnd().split('\n');
    expect(lines[0]).toBe(`1 error in ${join(root, file)} after this edit:`);
    const before = source.slice(0, source.indexOf(culprit)).split('\n');
    expect(lines[1]).toMatch(new RegExp(`^ {2}${file.replace('.', '\\.')}:${before.length}:${(before.at(-1)?.length ?? 0) + 1} `));
    expect(lines).toHaveLength(2);
  });

  it('says nothing about a file without errors, nor about a file of no language the workspace serves', async () => {
    const root = await copyFixture();
    expect(await hook(root, join(root, 'src', 'calculator.ts'))).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(await hook(root, join(root, 'README.md'))).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('tells the user, not Claude, when lsp-bridge is not installed (exit 1)', async () => {
    const root = await copyFixture();
    const { code, stdout, stderr } = await hook(root, join(root, 'src', 'calculator.ts'), '/nonexistent');
    expect({ code, stdout }).toEqual({ code: 1, stdout: '' });
    expect(stderr).toBe(
      'lsp-bridge is not installed (not on PATH): install mcp-lsp-bridge (its README, "Use it"), or set LSP_BRIDGE_HOOK=off.\n',
    );
  });
});
