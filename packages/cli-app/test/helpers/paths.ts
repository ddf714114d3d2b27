import { fileURLToPath } from 'node:url';

export const CLI_MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
export const SERVER_MAIN = fileURLToPath(new URL('../../../mcp-app/dist/main.js', import.meta.url));
export const FIXTURES = fileURLToPath(new URL('../../../../e2e/fixtures/', import.meta.url));
