// A write in a process of its own, stopped for good at a chosen moment so that the test can
// SIGKILL it there: the half-applied state a crash leaves, made for real.
// Runs the built adapter (the test target builds it first). Argument: a JSON plan
// { root, stateDir, changes, blockAt: { renames: n } | 'journal-close' }.
import { rename, unlink } from 'node:fs/promises';
import { AtomicFileWriter, TEMP_SUFFIX } from '../dist/index.js';

const plan = JSON.parse(process.argv[2] ?? '{}');
let renamed = 0;

function blockForever() {
  process.stdout.write('blocked\n');
  // Keeps the process alive (a bare pending promise would let it exit) until the test kills it.
  setInterval(() => undefined, 60_000);
  return new Promise(() => undefined);
}

const writer = new AtomicFileWriter(
  {
    async rename(from, to) {
      if (from.endsWith(TEMP_SUFFIX) && typeof plan.blockAt === 'object' && renamed === plan.blockAt.renames) await blockForever();
      await rename(from, to);
      if (from.endsWith(TEMP_SUFFIX)) renamed++;
    },
    async unlink(path) {
      if (plan.blockAt === 'journal-close' && path.endsWith('journal.json')) await blockForever();
      await unlink(path);
    },
  },
  { stateDirectories: [plan.stateDir] },
);

await writer.writeAll(plan.root, plan.changes, new AbortController().signal);
process.stdout.write('done\n');
