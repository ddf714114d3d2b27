import { projectDiagnostics, type ProjectDiagnosticsAnswer, type QueryScope, type Signal, type SymbolIndex } from '@mcp-lsp-bridge/domain';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A real temporary workspace; positions are found by text, never hard-coded. */
export class Fixture {
  readonly root: string;

  constructor(files: Record<string, string> = {}) {
    this.root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'tsservice-')));
    for (const [file, text] of Object.entries(files)) this.write(file, text);
  }

  path(file: string): string {
    return path.join(this.root, file);
  }

  write(file: string, text: string | Buffer): string {
    const full = this.path(file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, text);
    return full;
  }

  remove(file: string): void {
    fs.rmSync(this.path(file), { recursive: true, force: true });
  }

  symlink(target: string, file: string): void {
    const full = this.path(file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.symlinkSync(target, full);
  }

  text(file: string): string {
    return fs.readFileSync(this.path(file), 'utf8');
  }

  /**
   * The offset of `marker` in the file (its `nth` occurrence, 0-based). A marker comment
   * such as `/*@decl*\/` points just after itself, at the token it marks.
   */
  offset(file: string, marker: string, nth = 0): number {
    const text = this.text(file);
    let at = -1;
    for (let i = 0; i <= nth; i++) {
      at = text.indexOf(marker, at + 1);
      if (at < 0) throw new Error(`marker ${JSON.stringify(marker)} #${nth} not in ${file}`);
    }
    return marker.startsWith('/*@') ? at + marker.length : at;
  }

  /** `line:column` (1-based) of a marker, as conflict descriptions show it. */
  lineColumn(file: string, marker: string, nth = 0): string {
    const text = this.text(file);
    const offset = this.offset(file, marker, nth);
    const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
    return `${text.slice(0, offset).split('\n').length}:${offset - lineStart + 1}`;
  }

  /** `{ path, offset }` for a marker. */
  at(file: string, marker: string, nth = 0): { path: string; offset: number } {
    return { path: this.path(file), offset: this.offset(file, marker, nth) };
  }

  /** Every `{ path, start }` of the given markers, sorted like the adapter's answers are compared. */
  spans(...marks: readonly [file: string, marker: string, nth?: number][]): string[] {
    return marks.map(([file, marker, nth]) => `${file}:${this.offset(file, marker, nth ?? 0)}`).sort();
  }

  rel(absolute: string): string {
    return path.relative(this.root, absolute);
  }

  cleanup(): void {
    fs.rmSync(this.root, { recursive: true, force: true });
  }
}

export const neverAborted: Signal = new AbortController().signal;

export function scopeOf(fixture: Fixture, signal: Signal = neverAborted): QueryScope {
  return { workspaceRoot: fixture.root, signal };
}

/** Project-wide diagnostics as the domain walks them over `index`, with a budget these tests never spend. */
export function projectWide(index: SymbolIndex, scope: QueryScope): Promise<ProjectDiagnosticsAnswer> {
  return projectDiagnostics(index, scope, { budgetMs: 600_000, clock: { now: () => Date.now() } });
}

/** `file:start` of spans, relative to the fixture, sorted. */
export function located(fixture: Fixture, spans: readonly { path: string; start: number }[]): string[] {
  return spans.map((s) => `${fixture.rel(s.path)}:${s.start}`).sort();
}
