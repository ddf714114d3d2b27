import fs from 'node:fs';

/** Someone to tell when events may have been lost, and from how large a burst on. */
export interface BurstListener {
  readonly burstLimit: number;
  suspectOverflow(): void;
}

/**
 * Suspects lost events. When more events are queued than the kernel holds
 * (`/proc/sys/fs/inotify/max_queued_events`), inotify drops the rest and queues an overflow
 * marker, which libuv discards without telling anyone (it belongs to no watch). What can be
 * seen is the burst: libuv reads the queue until it is empty within one poll phase, so an
 * overflowed queue arrives as one burst of (nearly) a full queue of events between two check
 * phases. Every burst of at least a listener's limit is taken for an overflow: a false alarm
 * costs one stat scan, a missed one would cost a stale answer.
 *
 * One per process: libuv reads every `fs.watch` of the process from one inotify queue.
 */
class EventBurst {
  private count = 0;
  private scheduled = false;
  private readonly listeners = new Set<BurstListener>();

  add(listener: BurstListener): void {
    this.listeners.add(listener);
  }

  delete(listener: BurstListener): void {
    this.listeners.delete(listener);
  }

  /** One event delivered; the burst ends in the next check phase, after the poll phase that read it. */
  note(): void {
    this.count++;
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => this.close()).unref();
  }

  /** Ends the burst now: called before a call reads what the watchers reported. */
  close(): void {
    if (this.count > 0) for (const listener of this.listeners) if (this.count >= listener.burstLimit) listener.suspectOverflow();
    this.count = 0;
    this.scheduled = false;
  }
}

export const eventBurst = new EventBurst();

/** Half of what the kernel queues: libuv drops the events of watches already closed, so a full queue may reach us short. */
export function defaultBurstLimit(): number {
  try {
    const queued = Number(fs.readFileSync('/proc/sys/fs/inotify/max_queued_events', 'utf8').trim());
    if (Number.isInteger(queued) && queued > 1) return Math.floor(queued / 2);
  } catch {
    // /proc hidden: the kernel's default queue.
  }
  return 8192;
}
