import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { forEachBackend } from '../helpers/backends.js';
import { succeeded } from '../helpers/outcomes.js';
import { startServer } from '../helpers/server.js';
import { verifies } from '../helpers/verifies.js';
import { argsAt, copyFixture } from '../helpers/workspace.js';

/** How long automatic type acquisition took to start `npm install` on this machine when it was on (about 3 s), doubled. */
const ACQUISITION_WINDOW_MS = 6_000;

/*
 * The product never reaches the network. TypeScript's servers acquire types for JavaScript
 * projects on their own (automatic type acquisition: `npm install types-registry`, then
 * `@types/*` of every unresolved import) into `$XDG_CACHE_HOME/typescript/<version>`, unless
 * told not to. A JavaScript project that requires a package it does not have is what starts it.
 */
forEachBackend((backend) => {
  verifies(
    'I11-NO-NETWORK',
    'answers a JavaScript project with an unresolved require without acquiring types (no npm install)',
    async () => {
      await using ws = await copyFixture('js-only');
      await ws.write('src/server.js', "const express = require('express');\n\nmodule.exports = { app: express() };\n");
      const cache = join(ws.base, 'cache');
      mkdirSync(cache);
      await using server = await startServer({ backend, env: { XDG_CACHE_HOME: cache } });

      succeeded(await server.findReferences(argsAt(ws, await ws.marker('decl', 'add'))));
      succeeded(await server.getDiagnostics({ workspaceRoot: ws.root }));
      // Acquisition runs in the background after a project loads: what must not appear is given its time to.
      await new Promise((resolve) => setTimeout(resolve, ACQUISITION_WINDOW_MS));

      expect(existsSync(join(cache, 'typescript'))).toBe(false);
    },
  );
});
