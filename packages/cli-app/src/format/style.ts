type Paint = (text: string) => string;

/** The colours of the output, after grep's (path, line, match) and tsc's (severities). */
export interface Style {
  readonly enabled: boolean;
  readonly path: Paint;
  readonly number: Paint;
  readonly separator: Paint;
  readonly match: Paint;
  readonly declaration: Paint;
  readonly external: Paint;
  readonly error: Paint;
  readonly warning: Paint;
  readonly info: Paint;
  readonly hint: Paint;
  readonly added: Paint;
  readonly removed: Paint;
  readonly dim: Paint;
  readonly bold: Paint;
}

/** Colours for each stream, each decided by whether that stream is a terminal. */
export interface Styles {
  readonly out: Style;
  readonly err: Style;
}

const sgr =
  (open: string, close = '0'): Paint =>
  (text) =>
    text === '' ? text : `\u001b[${open}m${text}\u001b[${close}m`;

const plain: Paint = (text) => text;

export function createStyle(enabled: boolean): Style {
  if (!enabled) {
    return {
      enabled,
      ...{ path: plain, number: plain, separator: plain, match: plain, declaration: plain, external: plain },
      ...{ error: plain, warning: plain, info: plain, hint: plain, added: plain, removed: plain, dim: plain, bold: plain },
    };
  }
  return {
    enabled,
    path: sgr('35', '39'),
    number: sgr('32', '39'),
    separator: sgr('36', '39'),
    match: sgr('1;31', '22;39'),
    declaration: sgr('1;33', '22;39'),
    external: sgr('2', '22'),
    error: sgr('1;31', '22;39'),
    warning: sgr('1;33', '22;39'),
    info: sgr('1;34', '22;39'),
    hint: sgr('2', '22'),
    added: sgr('32', '39'),
    removed: sgr('31', '39'),
    dim: sgr('2', '22'),
    bold: sgr('1', '22'),
  };
}

/**
 * Colour only on a terminal, and never when `NO_COLOR` is set (no-color.org);
 * `FORCE_COLOR` turns it on for a pipe (a pager that understands it, a test).
 */
export function colourEnabled(env: Readonly<Record<string, string | undefined>>, isTTY: boolean): boolean {
  if ((env['NO_COLOR'] ?? '') !== '') return false;
  const force = env['FORCE_COLOR'];
  if (force !== undefined && force !== '') return force !== '0' && force !== 'false';
  return isTTY && env['TERM'] !== 'dumb';
}
