import { defaultResolution, type ErrorCode } from './error-codes.js';

/** An expected refusal, as data: it crosses process and wire boundaries unchanged. */
export interface BridgeError {
  readonly code: ErrorCode;
  readonly message: string;
  readonly resolution: string;
}

/** The FS-001 error response. */
export interface ToolError {
  readonly success: false;
  readonly error: BridgeError;
}

export function bridgeError(code: ErrorCode, message: string, resolution?: string): BridgeError {
  return { code, message, resolution: resolution ?? defaultResolution[code] };
}

export function toolError(code: ErrorCode, message: string, resolution?: string): ToolError {
  return { success: false, error: bridgeError(code, message, resolution) };
}

export function isToolError(value: unknown): value is ToolError {
  return typeof value === 'object' && value !== null && (value as { success?: unknown }).success === false;
}

/**
 * Adapters throw this from deep inside a port call when a refusal is expected
 * (an unusable tsconfig, a dead language server). Use-cases turn it back into data
 * at their boundary; they recognise it by shape, never by `instanceof`.
 */
export class BridgeException extends Error {
  readonly bridgeError: BridgeError;

  constructor(error: BridgeError) {
    super(`${error.code}: ${error.message}`);
    this.name = 'BridgeException';
    this.bridgeError = error;
  }
}

export function bridgeErrorOf(thrown: unknown): BridgeError | undefined {
  if (typeof thrown !== 'object' || thrown === null) return undefined;
  const candidate = (thrown as { bridgeError?: unknown }).bridgeError;
  if (typeof candidate !== 'object' || candidate === null) return undefined;
  const { code, message, resolution } = candidate as Record<string, unknown>;
  if (typeof code === 'string' && typeof message === 'string' && typeof resolution === 'string') {
    return candidate as BridgeError;
  }
  return undefined;
}
