// Loaded with `node --import` (through NODE_OPTIONS): appends the URL of every module the
// process loads to the file named by $MODULE_TRACE, so a test can tell what a process loaded.
import { register } from 'node:module';

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
}
