// Another bridge process, as far as the locks go. Runs the built adapter (the test target builds
// it first). Argument: a JSON plan { dir, keys, rounds?, counter? }.
// - without `rounds`: takes `keys`, prints "held", releases when a line arrives on stdin (or is killed);
// - with `rounds`: that many times takes `keys`, adds one to the number in the file `counter` (read,
//   yield, write: a lost update if two processes ever hold the lock at once), releases; prints "done".
import { readFile, writeFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { CrossProcessLocks } from '../dist/index.js';

const plan = JSON.parse(process.argv[2] ?? '{}');
const locks = new CrossProcessLocks(plan.dir);
const signal = new AbortController().signal;

if (plan.rounds === undefined) {
  const { release } = await locks.acquire(plan.keys, signal);
  process.stdout.write('held\n');
  for await (const _line of createInterface({ input: process.stdin })) break;
  await release();
  process.stdout.write('released\n');
} else {
  for (let round = 0; round < plan.rounds; round++) {
    const { release } = await locks.acquire(plan.keys, signal);
    const count = Number(await readFile(plan.counter, 'utf8'));
    await new Promise((resolve) => setImmediate(resolve));
    await writeFile(plan.counter, String(count + 1));
    await release();
  }
  process.stdout.write('done\n');
}
