import { expect } from 'vitest';
import { ErrorCode as McpErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { ErrorCode, ToolErrorResult } from './results.js';
import type { Outcome } from './server.js';

/** Asserts a successful tool result and returns its structured content. */
export function succeeded<T>(outcome: Outcome<T>): T {
  expect(outcome.isError, `expected success, got an error: ${outcome.text}`).toBe(false);
  const structured = outcome.structured as { success?: unknown } | undefined;
  expect(structured, `no structuredContent; text: ${outcome.text}`).toBeDefined();
  expect(structured?.success, `success flag; text: ${outcome.text}`).toBe(true);
  return outcome.structured as T;
}

/** Asserts a tool error with `code` in the FS-001.7 shape and returns the error object. */
export function failedWith(outcome: Outcome<unknown>, code: ErrorCode): ToolErrorResult['error'] {
  expect(outcome.isError, `expected ${code}, got success: ${outcome.text}`).toBe(true);
  const structured = outcome.structured as ToolErrorResult | undefined;
  expect(structured, `error without structuredContent: ${outcome.text}`).toBeDefined();
  const result = structured as ToolErrorResult;
  expect(result.success).toBe(false);
  expect(result.error.code, `${result.error.code}: ${result.error.message}`).toBe(code);
  return result.error;
}

/** The structured error of a failed call, whatever its code. */
export function errorOf(outcome: Outcome<unknown>): ToolErrorResult['error'] {
  expect(outcome.isError, `expected an error, got success: ${outcome.text}`).toBe(true);
  const structured = outcome.structured as ToolErrorResult | undefined;
  expect(structured?.success, `error without structured FS-001.7 content: ${outcome.text}`).toBe(false);
  return (structured as ToolErrorResult).error;
}

/**
 * A malformed call is refused either as a tool error (INVALID_INPUT when structured) or
 * as a JSON-RPC invalid-params error; anything else (success, a crash) fails.
 */
export async function expectRefusedInput(call: () => Promise<Outcome<unknown>>, what: string): Promise<void> {
  let outcome: Outcome<unknown>;
  try {
    outcome = await call();
  } catch (error) {
    expect(error, what).toBeInstanceOf(McpError);
    expect((error as McpError).code, `${what}: ${String(error)}`).toBe(McpErrorCode.InvalidParams);
    return;
  }
  expect(outcome.isError, `${what}: expected a refusal, got ${outcome.text}`).toBe(true);
  if (outcome.structured !== undefined) {
    expect((outcome.structured as Partial<ToolErrorResult>).error?.code, `${what}: ${outcome.text}`).toBe('INVALID_INPUT');
  } else {
    expect(outcome.text.trim(), what).not.toBe('');
  }
}
