import type { ToolError } from '../errors/bridge-error.js';
import type { Signal } from '../model/signal.js';
import type { Progress } from '../ports/symbol-index.js';
import type { BridgePorts } from '../use-cases/ports.js';

/** What one call of an operation is given besides its input. */
export interface CallContext {
  readonly signal: Signal;
  /** Progress of long operations (project-wide diagnostics); ignored by the others. */
  readonly onProgress?: ((progress: Progress) => void) | undefined;
}

/**
 * Named sets of operations a server may offer (`--tools core`): fewer tools cost an agent
 * less context on every turn. `default` is what a server offers without `--tools`; `all` is
 * implicit: every operation.
 */
export const PRESET_NAMES = ['default', 'core', 'navigation', 'edit'] as const;
export type PresetName = (typeof PRESET_NAMES)[number];

/** An operation's use-case, as the catalogue calls it. */
export type Runner<Input, Result> = (ports: BridgePorts, input: Input, call: CallContext) => Promise<Result | ToolError>;

/**
 * One operation of the bridge: everything every surface (MCP tool, CLI command, background
 * server, library method, `--tools` presets) derives from. The surfaces add only what is
 * theirs: an MCP tool its schemas, description and text; a CLI command its arguments and
 * formatting.
 */
export interface Operation<Name extends string = string, Method extends string = string, Input = never, Result = unknown> {
  /** The MCP tool name (FS-001), e.g. `find_references`. */
  readonly name: Name;
  /** The library method, e.g. `findReferences`. */
  readonly method: Method;
  /**
   * Whether it writes files. A writing operation runs in its workspace's write turn, from
   * planning its edits to the last file written; its MCP tool is annotated destructive.
   */
  readonly writes: boolean;
  /** The presets that include it. */
  readonly presets: readonly PresetName[];
  /** The use-case, loaded on the operation's first call. */
  run(ports: BridgePorts, input: Input, call: CallContext): Promise<Result | ToolError>;
}

/** Any operation, its input and result types erased (for registries that only route). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- an operation's input is contravariant: `unknown` would refuse every one
export type AnyOperation = Operation<string, string, any>;

/**
 * Keeps an operation's literal name and method, and its input and result types. `load`
 * imports the use-case: the catalogue is read by every front at start (names, presets,
 * `writes`), and a front that sends its calls to a background server never runs a use-case,
 * so none is loaded before an operation's first call (each import is made once).
 */
export function defineOperation<
  const Name extends string,
  const Method extends string,
  Input,
  Result extends { readonly success: true },
>(operation: {
  readonly name: Name;
  readonly method: Method;
  readonly writes: boolean;
  readonly presets: readonly PresetName[];
  readonly load: () => Promise<Runner<Input, Result>>;
}): Operation<Name, Method, Input, Result> {
  const { load, ...described } = operation;
  let loaded: Promise<Runner<Input, Result>> | undefined;
  return {
    ...described,
    run: async (ports, input, call) => (await (loaded ??= load()))(ports, input, call),
  };
}

/** A use-case that takes only the call's signal, as an operation's runner. */
export function signalled<Input, Result>(
  useCase: (ports: BridgePorts, input: Input, signal: Signal) => Promise<Result>,
): (ports: BridgePorts, input: Input, call: CallContext) => Promise<Result> {
  return (ports, input, { signal }) => useCase(ports, input, signal);
}
