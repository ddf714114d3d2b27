import { describe, expect, it } from 'vitest';
import { BridgeException, bridgeError, bridgeErrorOf, isToolError, toolError } from '../../src/errors/bridge-error.js';
import { ErrorCode, defaultResolution } from '../../src/errors/error-codes.js';

describe('bridge errors', () => {
  it('uses the default resolution of the code unless given one', () => {
    expect(bridgeError(ErrorCode.FILE_NOT_FOUND, 'm')).toEqual({
      code: 'FILE_NOT_FOUND',
      message: 'm',
      resolution: defaultResolution.FILE_NOT_FOUND,
    });
    expect(bridgeError(ErrorCode.FILE_NOT_FOUND, 'm', 'r').resolution).toBe('r');
  });

  it('has a code equal to its name and a resolution for every code', () => {
    for (const [name, code] of Object.entries(ErrorCode)) {
      expect(code).toBe(name);
      expect(defaultResolution[code].length).toBeGreaterThan(0);
    }
  });

  it('contains the seven codes of FS-001.7', () => {
    const fs001 = [
      'WORKSPACE_NOT_FOUND',
      'FILE_NOT_FOUND',
      'INVALID_POSITION',
      'NO_SYMBOL_AT_POSITION',
      'RENAME_CONFLICT',
      'CONFIG_NOT_FOUND',
      'LANGUAGE_SERVER_ERROR',
    ];
    expect(Object.values(ErrorCode)).toEqual(expect.arrayContaining(fs001));
  });

  it('builds the FS-001 error response', () => {
    const response = toolError(ErrorCode.INVALID_POSITION, 'Line 9 is out of bounds');
    expect(response).toEqual({
      success: false,
      error: { code: 'INVALID_POSITION', message: 'Line 9 is out of bounds', resolution: defaultResolution.INVALID_POSITION },
    });
    expect(isToolError(response)).toBe(true);
    expect(isToolError({ success: true })).toBe(false);
    expect(isToolError(null)).toBe(false);
  });

  it('recognises a BridgeException by shape and carries its error', () => {
    const error = bridgeError(ErrorCode.WRITE_FAILED, 'disk full');
    const exception = new BridgeException(error);
    expect(exception.message).toBe('WRITE_FAILED: disk full');
    expect(bridgeErrorOf(exception)).toBe(error);
    expect(bridgeErrorOf({ bridgeError: { code: 'X', message: 'm', resolution: 'r' } })).toEqual({
      code: 'X',
      message: 'm',
      resolution: 'r',
    });
  });

  it('does not take other thrown values for bridge errors', () => {
    expect(bridgeErrorOf(new Error('plain'))).toBeUndefined();
    expect(bridgeErrorOf('text')).toBeUndefined();
    expect(bridgeErrorOf({ bridgeError: { code: 1, message: 'm', resolution: 'r' } })).toBeUndefined();
    expect(bridgeErrorOf({ bridgeError: null })).toBeUndefined();
  });
});
