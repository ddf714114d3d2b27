import type { Progress } from '@mcp-lsp-bridge/domain/front';
import type { OutputStream } from '../io.js';

const INTERVAL_MS = 80;
const CLEAR_LINE = '\r\u001b[K';

/**
 * `Checking files [########------------] 120/300` on one stderr line, redrawn at most
 * every 80 ms and erased when the work ends. Only ever drawn on a terminal.
 */
export class ProgressBar {
  private drawnAt = Number.NEGATIVE_INFINITY;
  private drawn = false;

  constructor(
    private readonly stream: OutputStream,
    private readonly label = 'Checking files',
    private readonly now: () => number = Date.now,
  ) {}

  update(progress: Progress): void {
    const time = this.now();
    if (time - this.drawnAt < INTERVAL_MS && progress.done < progress.total) return;
    this.drawnAt = time;
    this.drawn = true;
    this.stream.write(`${CLEAR_LINE}${this.render(progress)}`);
  }

  /** Erases the bar, so results and errors start on a clean line. */
  clear(): void {
    if (this.drawn) this.stream.write(CLEAR_LINE);
    this.drawn = false;
  }

  render({ done, total }: Progress): string {
    const count = `${done}/${total}`;
    const columns = this.stream.columns !== undefined && this.stream.columns > 0 ? this.stream.columns : 80;
    const width = Math.max(0, Math.min(40, columns - this.label.length - count.length - 5));
    const filled = total > 0 ? Math.round((width * Math.min(done, total)) / total) : 0;
    const bar = width > 0 ? ` [${'#'.repeat(filled)}${'-'.repeat(width - filled)}]` : '';
    return `${this.label}${bar} ${count}`;
  }
}
