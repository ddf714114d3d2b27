// Preloaded with `node --import` by the tests of what a process loads before it answers (this
// package's and the CLI's): appends every ES module's URL (a load hook) and, at exit, every
// CommonJS module's path (TypeScript, vscode-jsonrpc) to the file RECORD_MODULE_LOADS names.
import { appendFileSync } from 'node:fs';
import Module, { register } from 'node:module';

const file = process.env['RECORD_MODULE_LOADS'];
if (file !== undefined && file !== '') {
  const hooks = [
    "import { appendFileSync } from 'node:fs';",
    'export async function load(url, context, next) {',
    `  appendFileSync(${JSON.stringify(file)}, url + '\\n');`,
    '  return next(url, context);',
    '}',
  ].join('\n');
  register(`data:text/javascript,${encodeURIComponent(hooks)}`);
  process.on('exit', () =>
    appendFileSync(
      file,
      Object.keys(Module._cache)
        .map((path) => `${path}\n`)
        .join(''),
    ),
  );
}
