// The one module-load recorder of the tests (e2e's, and the MCP server's and the CLI's own, which
// reach it here as they reach e2e's fixtures). Loaded with `node --import` (or through
// NODE_OPTIONS): appends the URL of every ES module the process loads (a load hook) and, at exit,
// the path of every CommonJS module (TypeScript, vscode-jsonrpc: `require` passes no hook) to the
// file $MODULE_TRACE names, so a test can tell what a process loaded.
import { appendFileSync } from 'node:fs';
import Module, { register } from 'node:module';

const trace = process.env.MODULE_TRACE;
if (trace !== undefined && trace !== '') {
  const hooks = [
    "import { appendFileSync } from 'node:fs';",
    'export async function load(url, context, next) {',
    `  appendFileSync(${JSON.stringify(trace)}, url + '\\n');`,
    '  return next(url, context);',
    '}',
  ].join('\n');
  register(`data:text/javascript,${encodeURIComponent(hooks)}`);
  process.on('exit', () =>
    appendFileSync(
      trace,
      Object.keys(Module._cache)
        .map((path) => `${path}\n`)
        .join(''),
    ),
  );
}
