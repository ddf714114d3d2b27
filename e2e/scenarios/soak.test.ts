import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect } from 'vitest';
import { backends } from '../helpers/backends.js';
import { SOAK_MAIN } from '../helpers/locations.js';
import { verifies } from '../helpers/verifies.js';

/*
 * A short soak per backend (`pnpm soak --minutes N` runs longer ones): the built soak drives
 * the server with every tool while files churn, judges each result against the files' current
 * text, and measures the server's process tree after warm-up and at the end. SOAK_SECONDS
 * changes the length. The server's heap is capped so that memory it still holds is measured,
 * not garbage V8 has not yet collected (uncapped, V8 grows its heap for minutes; the cap makes
 * a leak fail the run instead).
 */

const SECONDS = Number(process.env['SOAK_SECONDS'] ?? 30);
const soaked = backends.filter((backend) => backend === 'tsservice' || backend === 'lsp');

interface SoakReport {
  calls: number;
  judged: number;
  wrong: number;
  wrongExamples: string[];
  unexpected: Record<string, number>;
  unexpectedExamples: string[];
  rssStartBytes: number;
  rssEndBytes: number;
  fdsStart: number;
  fdsEnd: number;
}

function run(args: string[]): Promise<{ stdout: string; stderr: string; code: number }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [SOAK_MAIN, ...args],
      { env: { ...process.env, NODE_OPTIONS: '--max-old-space-size=128' }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ stdout, stderr, code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1 }),
    );
  });
}

describe.skipIf(soaked.length === 0).each((soaked.length > 0 ? soaked : ['tsservice']).map((backend) => [backend]))(
  'a soak of the %s backend',
  (backend) => {
    verifies(
      'I11-SOAK',
      `answers ${SECONDS} s of mixed concurrent calls on churning files with no wrong answer, no unexpected error, and flat memory and descriptors`,
      async () => {
        if (!existsSync(SOAK_MAIN))
          throw new Error(`The soak is not built: ${SOAK_MAIN} is missing. Run "npx nx run @mcp-lsp-bridge/bench:build".`);
        const dir = await mkdtemp(join(tmpdir(), 'lsp-bridge-soak-report-'));
        try {
          const json = join(dir, 'report.json');
          const result = await run(['--seconds', String(SECONDS), '--warmup', '10', '--backends', backend, '--json', json]);
          process.stdout.write(result.stdout);
          const [report] = JSON.parse(await readFile(json, 'utf8')) as SoakReport[];
          if (report === undefined) throw new Error(`no report; stderr:\n${result.stderr}`);
          expect(report.wrongExamples, 'wrong answers').toEqual([]);
          expect(report.wrong).toBe(0);
          expect(report.unexpectedExamples, 'unexpected errors').toEqual([]);
          expect(report.unexpected).toEqual({});
          // The run judged enough to mean something.
          expect(report.calls).toBeGreaterThan(50);
          expect(report.judged).toBeGreaterThan(10);
          expect(report.fdsEnd, 'open descriptors after warm-up -> end').toBeLessThanOrEqual(report.fdsStart + 5);
          expect(report.rssEndBytes, 'RSS after warm-up -> end').toBeLessThanOrEqual(1.5 * report.rssStartBytes + 50 * 1024 * 1024);
          expect(result.code, result.stdout).toBe(0);
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      },
      (SECONDS + 10) * 1000 + 120_000,
    );
  },
);
