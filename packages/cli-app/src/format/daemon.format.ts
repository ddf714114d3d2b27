import type { DaemonEntry, DaemonIdentity, DaemonListing, StopReport } from '@mcp-lsp-bridge/bridge/daemon';
import { plural } from './formatter.js';
import type { Style } from './style.js';

/** One background server as `daemon status --json` prints it. */
export interface DaemonJson {
  readonly root: string;
  readonly backend: string;
  /** The settings that set it apart (`LSP_BRIDGE_*` but the fronts' own), the backend among them. */
  readonly settings: Readonly<Record<string, string>>;
  readonly pid: number;
  /** `serving`; `busy`: it did not answer in time (a long type check), so its calls are unknown; `stopping`. */
  readonly state: DaemonEntry['state'];
  /** Resident memory of the server and its language servers, bytes. */
  readonly memoryBytes: number;
  readonly processes: DaemonEntry['processes'];
  readonly startedAt: string;
  readonly ageMs: number;
  /** `null` before the first call, and when it did not answer. */
  readonly lastCallAt: string | null;
  readonly sinceLastCallMs: number | null;
  readonly callsServed: number | null;
  readonly callsRunning: number | null;
  /** It exits after this long without a call. */
  readonly idleExitMs: number;
  readonly version: string;
  readonly socket: string;
  readonly log: string;
}

export function daemonJson(entry: DaemonEntry, now: number): DaemonJson {
  const { identity, status } = entry;
  const lastCallAt = status?.lastCallAt ?? null;
  return {
    root: identity.root,
    backend: identity.backend,
    settings: identity.settings,
    pid: identity.pid,
    state: entry.state,
    memoryBytes: entry.processes.reduce((sum, process) => sum + process.rssBytes, 0),
    processes: entry.processes,
    startedAt: new Date(identity.startedAt).toISOString(),
    ageMs: now - identity.startedAt,
    lastCallAt: lastCallAt === null ? null : new Date(lastCallAt).toISOString(),
    sinceLastCallMs: lastCallAt === null ? null : now - lastCallAt,
    callsServed: status?.callsServed ?? null,
    callsRunning: status?.callsRunning ?? null,
    idleExitMs: identity.idleMs,
    version: identity.version,
    socket: identity.socket,
    log: identity.log,
  };
}

/** `daemon status --json`. */
export function statusJson(listing: DaemonListing, now: number): unknown {
  return {
    directory: listing.directory ?? null,
    servers: listing.servers.map((entry) => daemonJson(entry, now)),
    cleaned: listing.cleaned.map(briefJson),
  };
}

/** `daemon stop --json`. */
export function stopJson(report: StopReport): unknown {
  return {
    stopped: report.stopped.map((entry) => briefJson(entry.identity)),
    failed: report.failed.map(({ entry, reason }) => ({ ...briefJson(entry.identity), reason })),
  };
}

interface BriefJson {
  readonly root: string;
  readonly backend: string;
  readonly settings: Readonly<Record<string, string>>;
  readonly pid: number;
}

function briefJson(identity: DaemonIdentity): BriefJson {
  return { root: identity.root, backend: identity.backend, settings: identity.settings, pid: identity.pid };
}

/** `daemon status`: each server, its root first. */
export function formatStatus(listing: DaemonListing, now: number, style: Style): string[] {
  if (listing.directory === undefined)
    return ['No background servers: there is no private directory for them (see lsp-bridge daemon --help).'];
  const lines = [
    listing.servers.length === 0
      ? `No background server is running (${listing.directory}).`
      : `${plural(listing.servers.length, 'background server')} (${listing.directory}):`,
  ];
  for (const entry of listing.servers) lines.push('', ...formatEntry(daemonJson(entry, now), style));
  if (listing.cleaned.length > 0) {
    lines.push(
      '',
      `Removed what ${plural(listing.cleaned.length, 'stopped server')} left behind: ${listing.cleaned.map((c) => c.root).join(', ')}.`,
    );
  }
  return lines;
}

function formatEntry(server: DaemonJson, style: Style): string[] {
  const children = server.processes.filter((process) => process.pid !== server.pid);
  const own = server.processes.find((process) => process.pid === server.pid)?.rssBytes ?? 0;
  const memory =
    children.length === 0
      ? megabytes(server.memoryBytes)
      : `${megabytes(server.memoryBytes)} (server ${megabytes(own)}, ${plural(children.length, 'language server')} ${megabytes(server.memoryBytes - own)})`;
  const calls =
    server.callsServed === null
      ? 'busy: it did not answer in time'
      : `${plural(server.callsServed, 'call')} served${server.callsRunning ? `, ${server.callsRunning} running` : ''}, ` +
        (server.sinceLastCallMs === null ? 'no call yet' : `last ${duration(server.sinceLastCallMs)} ago`);
  const settings = Object.entries(server.settings).filter(([name]) => name !== 'LSP_BRIDGE_BACKEND');
  return [
    style.path(server.root),
    `  backend ${server.backend}, pid ${server.pid}${server.state === 'stopping' ? ', stopping' : ''}, ${memory}`,
    `  up ${duration(server.ageMs)}, ${calls}; exits after ${duration(server.idleExitMs)} idle`,
    `  settings: ${settings.length === 0 ? 'defaults' : settings.map(([name, value]) => `${name}=${value}`).join(' ')}`,
    `  log: ${server.log}`,
  ];
}

/** `daemon stop`: what was stopped, what was not. */
export function formatStop(report: StopReport, what: string, style: Style): string[] {
  if (report.stopped.length === 0 && report.failed.length === 0) return [`No background server ${what}.`];
  return [
    ...report.stopped.map(({ identity }) => `Stopped ${style.path(identity.root)} (backend ${identity.backend}, pid ${identity.pid})`),
    ...report.failed.map(
      ({ entry, reason }) => `${style.error('Not stopped')} ${style.path(entry.identity.root)} (pid ${entry.identity.pid}): ${reason}`,
    ),
  ];
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function duration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
