/** The background server went away before it answered: its socket closed, or it failed to answer. */
export class BackgroundServerLost extends Error {
  override readonly name = 'BackgroundServerLost';
}
