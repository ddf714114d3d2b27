import type { SetupFacts } from '@mcp-lsp-bridge/domain';

/** The package manager whose lock file is at the root: the one whose install puts a declared `typescript` in place. */
export function packageManagerOf(rootFiles: readonly string[]): SetupFacts['packageManager'] {
  if (rootFiles.includes('pnpm-lock.yaml')) return 'pnpm';
  if (rootFiles.includes('yarn.lock')) return 'yarn';
  if (rootFiles.includes('bun.lockb') || rootFiles.includes('bun.lock')) return 'bun';
  return 'npm';
}
