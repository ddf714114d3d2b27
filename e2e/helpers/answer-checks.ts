import { dirname } from 'node:path';
import { expect } from 'vitest';
import { E2E_DIR } from './locations.js';
import { ERROR_CODES, type ToolErrorResult } from './results.js';
import type { BridgeServer, Outcome } from './server.js';

/** The largest answer a call may give (structured and text content together, as JSON). */
export const MAX_ANSWER_CHARS = 64 * 1024;

/** Where the product is installed: no message may show it. */
const INSTALL_DIR = dirname(E2E_DIR.replace(/\/$/, ''));

/** A V8 stack frame (`    at fn (/path/file.js:12:5)`). */
const STACK_FRAME = /\n\s*at\s+\S.*:\d+:\d+\)?/;

/**
 * Calls a tool with any arguments and checks the answer is one a client can rely on: a tool
 * result (never a protocol error or a crash), with structured content the SDK client has
 * checked against the tool's output schema, either `success: true` or an FS-001.7 error with a
 * documented code, a message and a resolution, free of stack traces and install paths, and
 * bounded in size. Returns the error code, or undefined for a result.
 */
export async function checkedCall(server: BridgeServer, tool: string, args: Record<string, unknown>): Promise<string | undefined> {
  let outcome: Outcome<unknown>;
  try {
    outcome = await server.callRaw(tool, args);
  } catch (error) {
    throw new Error(`${tool} answered no tool result (protocol error or schema mismatch): ${String(error).slice(0, 2000)}`);
  }
  return checkAnswer(tool, outcome);
}

export function checkAnswer(tool: string, outcome: Outcome<unknown>): string | undefined {
  const size = JSON.stringify(outcome.raw).length;
  const what = `${tool}: ${outcome.text.slice(0, 300)}`;
  expect(size, `answer size; ${what}`).toBeLessThan(MAX_ANSWER_CHARS);
  expect(outcome.text.trim(), `text content; ${what}`).not.toBe('');
  expect(typeof outcome.structured, `structuredContent; ${what}`).toBe('object');
  if (!outcome.isError) {
    expect((outcome.structured as { success?: unknown }).success, what).toBe(true);
    return undefined;
  }
  const error = (outcome.structured as ToolErrorResult).error;
  expect((outcome.structured as ToolErrorResult).success, what).toBe(false);
  expect(ERROR_CODES as readonly string[], what).toContain(error.code);
  expect(error.message.trim(), what).not.toBe('');
  expect(error.resolution.trim(), what).not.toBe('');
  for (const text of [error.message, error.resolution, outcome.text]) {
    expect(text, `stack trace in ${what}`).not.toMatch(STACK_FRAME);
    expect(text, `install path in ${what}`).not.toContain(INSTALL_DIR);
  }
  return error.code;
}
