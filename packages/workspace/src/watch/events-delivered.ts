/**
 * Resolves once every file-system event that was already queued when it was called has been
 * delivered to the watch callbacks. No cookie file and no sleep are needed on Linux:
 *
 * - inotify queues an event inside the system call that changes the file, before that call
 *   returns; so a change that completed before a request was sent is queued before the
 *   request's bytes can be read;
 * - libuv polls the inotify descriptor with level-triggered epoll and reads it until it is
 *   empty, calling `fs.watch` callbacks synchronously, in the poll phase of the event loop;
 * - `setImmediate` callbacks run in the check phase, right after a poll phase. Two nested
 *   hops guarantee that a whole poll phase *started after this call* has run: one hop could
 *   land in the check phase of the iteration whose poll phase is running now (when this is
 *   called from an I/O callback), before the descriptor is polled again.
 *
 * The wait is therefore one or two turns of the event loop (microseconds), whatever the size
 * of the tree. It is not a guarantee on platforms whose watchers deliver events late (macOS
 * FSEvents, Windows): the watcher is only used on Linux (see `workspace-watch.ts`).
 */
export function eventsDelivered(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}
