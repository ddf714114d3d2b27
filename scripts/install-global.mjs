#!/usr/bin/env node
// Installs the commands mcp-lsp-bridge (the MCP server) and lsp-bridge (the CLI) from this
// clone, as the published package would be installed: `pnpm package` packs the package
// (artifacts/mcp-lsp-bridge-<version>.tgz), then `npm install --global` installs the tarball,
// its dependencies from the npm registry. npm's own settings apply (a prefix in ~/.npmrc, or
// npm_config_prefix). Run `pnpm install` first (the README's command does).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const json = (file) => JSON.parse(readFileSync(new URL(file, new URL('..', import.meta.url)), 'utf8'));
const { packageManager } = json('package.json');
const { name, version } = json('packages/dist-package/package.json');
const tarball = `${root}artifacts/${name}-${version}.tgz`;

execFileSync('npx', ['-y', packageManager, 'package'], { cwd: root, stdio: 'inherit' });
execFileSync('npm', ['install', '--global', '--no-audit', '--no-fund', tarball], { cwd: root, stdio: 'inherit' });
const prefix = execFileSync('npm', ['prefix', '--global'], { encoding: 'utf8' }).trim();
process.stdout.write(
  `\nInstalled ${name} ${version} from ${tarball}: mcp-lsp-bridge and lsp-bridge are in ${prefix}/bin.\n` +
    'Connect Claude Code: claude mcp add mcp-lsp-bridge -- mcp-lsp-bridge (other clients: lsp-bridge init <client>).\n' +
    'Check a project: lsp-bridge doctor.\n',
);
