import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';

/** `node --import` this, with MODULE_TRACE naming a file, to record what a process loads (the tests' one recorder, e2e's). */
export const RECORD_LOADS = fileURLToPath(new URL('../../../../e2e/helpers/module-trace.mjs', import.meta.url));

/** What a process run with `RECORD_LOADS` loaded, in the groups its start must keep small. */
export interface LoadedModules {
  /** Modules of `domain/dist/`, by their path there (`index.js`: the whole domain's entry). */
  readonly domain: readonly string[];
  /** Modules of `domain/src/use-cases/`. */
  readonly useCases: readonly string[];
  /** Modules of the adapters that answer queries (TypeScript's, the language servers', the set-up check's) and TypeScript itself. */
  readonly backends: readonly string[];
  /** The CLI's `*.format.js` files, by name. */
  readonly formatters: readonly string[];
}

const BACKENDS =
  /\/packages\/(ts-syntax|ts-workspace|tsservice-adapter|lsp-adapter|setup-adapter|workspace)\/|\/node_modules\/typescript\//;

export async function loadedModules(file: string): Promise<LoadedModules> {
  const lines = (await readFile(file, 'utf8')).split('\n').filter((line) => line !== '');
  const paths = [...new Set(lines.map((line) => (line.startsWith('file:') ? fileURLToPath(line) : line)))];
  const domain = '/packages/domain/dist/';
  return {
    domain: paths.filter((path) => path.includes(domain)).map((path) => path.slice(path.indexOf(domain) + domain.length)),
    useCases: paths.filter((path) => path.includes('/packages/domain/dist/use-cases/')),
    backends: paths.filter((path) => BACKENDS.test(path)),
    formatters: paths
      .filter((path) => /\/packages\/cli-app\/dist\/format\/[^/]+\.format\.js$/.test(path))
      .map((path) => basename(path))
      .sort(),
  };
}
