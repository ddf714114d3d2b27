/** A wrong command line: reported with a pointer to `--help`, exit status 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';

  constructor(
    message: string,
    /** The command whose help explains the fix, if one was recognised. */
    readonly command?: string,
  ) {
    super(message);
  }
}
