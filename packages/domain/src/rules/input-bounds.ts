import { toolError, type ToolError } from '../errors/bridge-error.js';
import { ErrorCode } from '../errors/error-codes.js';
import { FIND_REFERENCES } from '../catalogue/operation-names.js';

/** The range a numeric input may take, and its value when it is not given. */
export interface InputBound {
  /** The parameter's name, as callers spell it. */
  readonly name: string;
  readonly min: number;
  readonly max: number;
  readonly default: number;
  /** What a caller who needs more than `max` should do instead. */
  readonly beyond: string;
}

/**
 * Every numeric input of the tools, in one place: the use-cases validate against these, the
 * MCP schemas and the CLI's options take their ranges from them, so the three never disagree.
 */
export const INPUT_BOUNDS = {
  referenceLimit: {
    name: 'limit',
    min: 1,
    max: 100_000,
    default: 500,
    beyond: 'totalCount counts every reference; narrow the query instead of raising the limit.',
  },
  implementationLimit: {
    name: 'limit',
    min: 1,
    max: 100_000,
    default: 500,
    beyond: 'totalCount counts every implementation.',
  },
  workspaceSymbolLimit: {
    name: 'limit',
    min: 1,
    max: 500,
    default: 50,
    beyond: 'Narrow the query or filter by kinds to see the rest; totalCount counts every match.',
  },
  outlineDepth: {
    name: 'depth',
    min: 1,
    max: 100,
    // No real file nests declarations 100 deep: the default lists every level.
    default: 100,
    beyond: 'Omit depth to list every level.',
  },
  callDepth: {
    name: 'depth',
    min: 1,
    max: 5,
    default: 1,
    beyond: "Call again from a listed function's nodeId to go deeper.",
  },
  typeDepth: {
    name: 'depth',
    min: 1,
    max: 5,
    default: 1,
    beyond: "Call again from a listed type's nodeId to go deeper.",
  },
  completionLimit: {
    name: 'limit',
    min: 1,
    max: 500,
    default: 50,
    beyond: 'totalCount counts every name; give a prefix to narrow them instead.',
  },
  impactDepth: {
    name: 'depth',
    min: 0,
    max: 5,
    default: 2,
    beyond: "Call again from a listed caller's nodeId to go further up.",
  },
  impactLimit: {
    name: 'limit',
    min: 1,
    max: 10_000,
    default: 200,
    beyond: `The counts count every reference; call ${FIND_REFERENCES} for the rest of the lines.`,
  },
} as const satisfies Record<string, InputBound>;

/** `value` (or the bound's default when absent) if it is a whole number in range; else INVALID_INPUT. */
export function boundedInput(bound: InputBound, value: number | undefined): number | ToolError {
  if (value === undefined) return bound.default;
  if (Number.isInteger(value) && value >= bound.min && value <= bound.max) return value;
  const shown = Number.isFinite(value) ? String(value) : JSON.stringify(String(value));
  return toolError(
    ErrorCode.INVALID_INPUT,
    `${bound.name} must be a whole number from ${bound.min} to ${bound.max}, got ${shown}`,
    `Pass ${bound.name} between ${bound.min} and ${bound.max} (default ${bound.default}). ${bound.beyond}`,
  );
}
