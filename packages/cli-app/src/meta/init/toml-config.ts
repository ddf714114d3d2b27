import { parse, stringify, TomlError } from 'smol-toml';
import { bridgeError, ErrorCode } from '@mcp-lsp-bridge/domain/front';
import type { MergeResult } from './merge-result.js';

/**
 * Sets `[<serversKey>.<name>]` in a TOML configuration (Codex's `config.toml`) by editing its
 * text: the table is appended, or its own lines (up to the next table header) are replaced, so
 * every other table, comment and a sub-table such as `[mcp_servers.<name>.env]` stay. The
 * result is parsed again and must hold exactly the entry asked for, or nothing is written.
 */
export function mergeToml(
  file: string,
  text: string | undefined,
  serversKey: string,
  name: string,
  entry: Record<string, unknown>,
): MergeResult {
  const source = text ?? '';
  let document: Record<string, unknown>;
  try {
    document = parse(source);
  } catch (error) {
    const where = error instanceof TomlError ? ` at line ${error.line}, column ${error.column}` : '';
    return refuse(file, `is not valid TOML${where}`);
  }
  const servers = document[serversKey];
  if (servers !== undefined && !isTable(servers)) return refuse(file, `has a "${serversKey}" that is not a table`);
  const others = Object.keys(servers ?? {}).filter((key) => key !== name);
  const existing = servers?.[name];
  if (existing !== undefined && !isTable(existing)) return refuse(file, `has a ${serversKey}.${name} that is not a table`);
  // The entry's other keys (a timeout, an inline env) stay; a sub-table of it stays as its own lines.
  const kept = Object.fromEntries(Object.entries(existing ?? {}).filter(([key, value]) => !(key in entry) && !isTable(value)));
  const header = `[${serversKey}.${/^[A-Za-z0-9_-]+$/.test(name) ? name : JSON.stringify(name)}]`;
  const table = `${header}\n${stringify({ ...entry, ...kept }).trimEnd()}\n`;
  let edited: string;
  if (existing === undefined) {
    edited = source.trim() === '' ? table : `${source.trimEnd()}\n\n${table}`;
  } else {
    const own = tableLines(source, serversKey, name);
    if (own === undefined) return refuse(file, `defines ${serversKey}.${name} in a form other than its own [${serversKey}.${name}] table`);
    const rest = source.slice(own.end).replace(/^\n*/, '');
    edited = source.slice(0, own.start) + table + (rest === '' ? '' : `\n${rest}`);
  }
  const after = parse(edited);
  const check = after[serversKey];
  const written = isTable(check) ? check[name] : undefined;
  const expected = { ...existing, ...entry };
  if (!isTable(written) || !sameJson(written, expected) || !sameJson(without(after, serversKey, name), without(document, serversKey, name)))
    return refuse(file, 'could not be edited without changing its other entries');
  if (existing !== undefined && sameJson(existing, expected)) return { text: source, action: 'unchanged', others };
  return { text: edited, action: existing === undefined ? 'added' : 'replaced', others };
}

/** The document less one server: what an edit must leave as it was. */
function without(document: Record<string, unknown>, key: string, name: string): Record<string, unknown> {
  const servers = document[key];
  if (!isTable(servers)) return document;
  const others = Object.entries(servers).filter(([server]) => server !== name);
  const { [key]: _servers, ...rest } = document;
  return others.length === 0 ? rest : { ...rest, [key]: Object.fromEntries(others) };
}

/** The same values, keys in any order. */
function sameJson(a: unknown, b: unknown): boolean {
  const canonical = (value: unknown): unknown =>
    isTable(value)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((key) => [key, canonical(value[key])]),
        )
      : value;
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

/** Where the `[<key>.<name>]` table's own lines are: from its header to the next header (or the end). */
function tableLines(text: string, key: string, name: string): { start: number; end: number } | undefined {
  const quotedName = `(?:${escape(name)}|"${escape(name)}"|'${escape(name)}')`;
  const header = new RegExp(`^[ \\t]*\\[[ \\t]*${escape(key)}[ \\t]*\\.[ \\t]*${quotedName}[ \\t]*\\][ \\t]*(?:#.*)?$`, 'm');
  const found = header.exec(text);
  if (found === null) return undefined;
  const next = /^[ \t]*\[/m.exec(text.slice(found.index + found[0].length));
  return { start: found.index, end: next === null ? text.length : found.index + found[0].length + next.index };
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function isTable(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

function refuse(file: string, why: string): MergeResult {
  return {
    refusal: bridgeError(
      ErrorCode.CONFIG_NOT_FOUND,
      `${file} ${why}: it was left as it is`,
      `Fix ${file} (or edit its [mcp_servers] entry by hand: lsp-bridge init codex --print shows it), then run lsp-bridge init again.`,
    ),
  };
}
