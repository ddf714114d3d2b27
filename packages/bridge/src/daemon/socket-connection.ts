import { createConnection, type Socket } from 'node:net';

/** A connection to the Unix socket at `path`, or `undefined` when nobody listens there (or there is no socket). */
export function connectTo(path: string): Promise<Socket | undefined> {
  return new Promise((resolve) => {
    const socket = createConnection(path);
    socket.once('connect', () => {
      socket.removeAllListeners('error');
      // Errors after this surface as the connection closing.
      socket.on('error', () => undefined);
      resolve(socket);
    });
    socket.once('error', () => resolve(undefined));
  });
}
