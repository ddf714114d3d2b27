import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A real temporary directory with files, removed on dispose; tests find everything by path, never by hard-coded offsets. */
export class TempDir implements Disposable {
  readonly root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'workspace-')));

  path(file: string): string {
    return path.join(this.root, file);
  }

  write(file: string, text: string | Buffer): string {
    const full = this.path(file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, text);
    return full;
  }

  mkdir(dir: string): string {
    const full = this.path(dir);
    fs.mkdirSync(full, { recursive: true });
    return full;
  }

  symlink(target: string, file: string): string {
    const full = this.path(file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.symlinkSync(target, full);
    return full;
  }

  cleanup(): void {
    fs.rmSync(this.root, { recursive: true, force: true });
  }

  [Symbol.dispose](): void {
    this.cleanup();
  }
}
