// The background servers, for the fronts (the CLI and the MCP server): a bridge whose calls run
// in their workspace's server, and the listing and stopping of the user's servers.
export { backgroundFront, prepareBackgroundCalls, type BackgroundFrontOptions } from './background-front.js';
export { daemonIdleMs, DEFAULT_DAEMON_IDLE_MS } from './daemon-settings.js';
export { DAEMON_MAIN, daemonDirectory } from './daemon-paths.js';
export type { DaemonIdentity, DaemonStatus } from './daemon-protocol.js';
export { listDaemons, stopDaemons, type DaemonEntry, type DaemonListing, type StopReport } from './daemon-registry.js';
export type { ProcessMemory } from './process-info.js';
