/** The most of a server's own error message a user is shown. */
const MAX_MESSAGE = 300;

/**
 * A server's error message as a user may read it: its first line, without stack frames
 * or install paths (tsserver puts both in the message of a failed request), and short.
 */
export function conciseServerMessage(message: string): string {
  const firstLine =
    message
      .split(/\r?\n/)
      .map((line) => line.trim())
      .find((line) => line !== '' && !/^at\s/.test(line)) ?? '';
  const withoutPaths = firstLine
    .replace(/\s*\bat\s+\S*[\\/]\S+:\d+(?::\d+)?\)?/g, '')
    .replace(/(?:[A-Za-z]:)?(?:[\\/][^\\/\s:'"()]+){2,}[\\/]([^\\/\s:'"()]+)/g, '$1')
    .trim();
  return withoutPaths.length > MAX_MESSAGE ? `${withoutPaths.slice(0, MAX_MESSAGE - 1)}…` : withoutPaths;
}
