import { isToolError, type BridgeError, type ToolError } from '../src/errors/bridge-error.js';
import type { Signal } from '../src/model/signal.js';
import { FakeSourceSyntax, FakeSymbolIndex, InMemoryFileSystem, RecordingFileWriter } from '../src/testing/index.js';
import type { BridgePorts } from '../src/use-cases/ports.js';

export const ROOT = '/w/app';

/** An in-memory workspace at ROOT: the same files on the fake disk and in the fake index. */
export class Workspace {
  readonly files = new InMemoryFileSystem();
  readonly symbols = new FakeSymbolIndex();
  readonly writer = new RecordingFileWriter();
  readonly syntax = new FakeSourceSyntax();
  readonly ports: BridgePorts = { symbols: this.symbols, files: this.files, writer: this.writer, syntax: this.syntax };

  constructor() {
    this.files.addDirectory(ROOT);
  }

  /** Adds a file (path relative to ROOT, or absolute) and returns its absolute path. */
  file(path: string, text: string): string {
    const absolute = path.startsWith('/') ? path : `${ROOT}/${path}`;
    this.files.addFile(absolute, text);
    this.symbols.addFile(absolute, text);
    return absolute;
  }
}

export interface Located {
  /** 1-based. */
  readonly line: number;
  /** 1-based, in code points. */
  readonly column: number;
  /** UTF-16 offset into the text. */
  readonly offset: number;
  /** The whole line, without its line break. */
  readonly lineText: string;
}

const LINE_BREAK = /\r\n|\r|\n/;

/**
 * How many code points `text` has: the unit of our columns (what an editor shows), so a
 * family emoji counts as several on purpose.
 */
export function codePointCount(text: string): number {
  return Array.from(text).length;
}

/** Where the `nth` occurrence of `needle` starts in `text`, worked out from the text alone. */
export function locate(text: string, needle: string, nth = 0): Located {
  let offset = -1;
  for (let i = 0; i <= nth; i++) {
    offset = text.indexOf(needle, offset + 1);
    if (offset < 0) throw new Error(`occurrence ${nth} of "${needle}" is not in the fixture`);
  }
  const linesBefore = text.slice(0, offset).split(LINE_BREAK);
  const line = linesBefore.length;
  const column = codePointCount(linesBefore[line - 1] ?? '') + 1;
  return { line, column, offset, lineText: text.split(LINE_BREAK)[line - 1] ?? '' };
}

/** Every occurrence of `needle` in `text`. */
export function locateAll(text: string, needle: string): Located[] {
  const count = text.split(needle).length - 1;
  return Array.from({ length: count }, (_, nth) => locate(text, needle, nth));
}

export function lineCountOf(text: string): number {
  return text.split(LINE_BREAK).length;
}

/** A signal the test aborts by hand (the domain has no DOM or Node types, so no AbortController). */
export class TestSignal implements Signal {
  aborted = false;
  reason: unknown = undefined;
  private readonly listeners = new Set<() => void>();

  abort(reason: unknown): void {
    this.aborted = true;
    this.reason = reason;
    for (const listener of [...this.listeners]) listener();
    this.listeners.clear();
  }

  addEventListener(_type: 'abort', listener: () => void): void {
    this.listeners.add(listener);
  }

  removeEventListener(_type: 'abort', listener: () => void): void {
    this.listeners.delete(listener);
  }

  throwIfAborted(): void {
    if (this.aborted) throw this.reason;
  }
}

export function abortedSignal(reason: unknown): Signal {
  const signal = new TestSignal();
  signal.abort(reason);
  return signal;
}

/** The error of a result that must be a tool error. */
export function errorOf(result: object): BridgeError {
  if (!isToolError(result)) throw new Error(`expected a tool error, got ${JSON.stringify(result)}`);
  return result.error;
}

/** The result itself, when it must be a success. */
export function successOf<T>(result: T | ToolError): T {
  if (isToolError(result)) throw new Error(`expected success, got ${result.error.code}: ${result.error.message}`);
  return result;
}
