import { fileURLToPath } from 'node:url';

/** The e2e package directory, whatever the current working directory is. */
export const E2E_DIR = fileURLToPath(new URL('..', import.meta.url));

export const FIXTURES_DIR = fileURLToPath(new URL('../fixtures/', import.meta.url));

/** The built server under test; `nx run mcp-app:build` produces it. */
export const SERVER_MAIN = fileURLToPath(new URL('../../packages/mcp-app/dist/main.js', import.meta.url));

/** The soak (`pnpm soak`), built with the bench package. */
export const SOAK_MAIN = fileURLToPath(new URL('../../bench/dist/soak/main.js', import.meta.url));

/** The built CLI, `lsp-bridge`; `nx run @mcp-lsp-bridge/cli-app:build` produces it. */
export const CLI_MAIN = fileURLToPath(new URL('../../packages/cli-app/dist/main.js', import.meta.url));
