/** The most of a server's own error message a user is shown. */
const MAX_MESSAGE = 300;

/**
 * A server's error message as a user may read it: its first line, without stack frames or
 * install paths (tsserver puts both in the message of a failed request), on one line, once
 * (gopls repeats its message for each build of a package, run together), and short. A path is
 * absolute (it starts the message or follows a space, a quote or a bracket): a Go import path
 * (`github.com/google/go-cmp/cmp.pathStep`) is a name, kept whole.
 */
export function conciseServerMessage(message: string): string {
  const firstLine =
    message
      .split(/\r?\n/)
      .map((line) => line.trim())
      .find((line) => line !== '' && !/^at\s/.test(line)) ?? '';
  const withoutPaths = firstLine
    .replace(/\s*\bat\s+\S*[\\/]\S+:\d+(?::\d+)?\)?/g, '')
    .replace(/(?<![^\s'"([])(?:[A-Za-z]:)?(?:[\\/][^\\/\s:'"()]+){2,}[\\/]([^\\/\s:'"()]+)/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
  const once = stated(withoutPaths);
  return once.length > MAX_MESSAGE ? `${once.slice(0, MAX_MESSAGE - 1)}…` : once;
}

/** A sentence said twice in a row, said once (a short token repeated is left alone). */
function stated(text: string): string {
  const half = text.slice(0, Math.floor(text.length / 2)).trim();
  return half.length >= 20 && text.slice(half.length).trim() === half ? half : text;
}
