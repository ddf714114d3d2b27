/*
 * The bridge as the fronts (the CLI, the MCP server) need it to start: configuration, the
 * logger, calls in flight, `createBridge` (whose backend loads on its first call) and the
 * product's version. Nothing here loads a use-case, an adapter or a language's server
 * description (those `versionLines` and `findExecutable` need: the index), so a front that
 * sends its calls to a background server starts on the domain's front entry alone.
 */
export { BACKENDS, ConfigError, TYPESCRIPT_SOURCES, loadConfig, type Backend, type BridgeConfig, type TypeScriptSource } from './config.js';
export { stderrLogger, type Logger } from './logger.js';
export { deadlineSignal, type DeadlineSignal } from './deadline-signal.js';
export { InFlightCalls } from './in-flight-calls.js';
export * from './create-bridge.js';
export { PRODUCT_VERSION } from './product-version.js';
export { recoverWritesAtStart } from './write-recovery.js';
export { checkSetup, type SetupCheckOptions } from './setup/check-setup.js';
