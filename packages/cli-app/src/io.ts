/** A stream the CLI writes to, with what it needs to know about the terminal behind it. */
export interface OutputStream {
  write(text: string): void;
  readonly isTTY: boolean;
  /** Width of the terminal, when it is one and reports it. */
  readonly columns?: number | undefined;
}

/** Where a command reads text it is given on stdin (`replace`'s replacement). */
export interface InputStream {
  readonly isTTY: boolean;
  /** Everything up to the end of the stream. */
  read(): Promise<string>;
}

/** Everything the CLI takes from its process, so it can also run in-process in tests. */
export interface CliIo {
  readonly cwd: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly stdout: OutputStream;
  readonly stderr: OutputStream;
  /** Read only by a command that takes text on stdin; absent when there is none. */
  readonly stdin?: InputStream | undefined;
  /** Aborted on the first Ctrl-C. */
  readonly signal: AbortSignal;
}
