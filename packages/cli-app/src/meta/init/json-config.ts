import { applyEdits, modify, parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { bridgeError, ErrorCode } from '@mcp-lsp-bridge/domain/front';
import type { MergeResult } from './merge-result.js';

const FORMATTING = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };

/**
 * Sets `servers[name]` in a JSON configuration (`jsonc`: comments and trailing commas allowed,
 * as VS Code reads its files), editing the text in place: every other entry, comment and key
 * order stays as it was. A file that does not parse, or whose servers are not an object, is
 * refused and left alone.
 */
export function mergeJson(
  file: string,
  text: string | undefined,
  serversKey: string,
  name: string,
  entry: Record<string, unknown>,
  jsonc: boolean,
): MergeResult {
  const source = text === undefined || text.trim() === '' ? '{}\n' : text;
  const errors: ParseError[] = [];
  const document: unknown = parse(source, errors, { disallowComments: !jsonc, allowTrailingComma: jsonc });
  const first = errors[0];
  if (first !== undefined) {
    const at = position(source, first.offset);
    return refuse(
      file,
      `is not valid ${jsonc ? 'JSON with comments' : 'JSON'} (${printParseErrorCode(first.error)} at line ${at.line}, column ${at.column})`,
    );
  }
  if (!isObject(document)) return refuse(file, 'does not hold a JSON object');
  const servers = document[serversKey];
  if (servers !== undefined && !isObject(servers)) return refuse(file, `has a "${serversKey}" that is not an object`);
  const others = Object.keys(servers ?? {}).filter((key) => key !== name);
  const existing = servers?.[name];
  // The entry's other fields (an env, a client's own settings) stay.
  const value = isObject(existing) ? { ...existing, ...entry } : entry;
  if (existing !== undefined && JSON.stringify(existing) === JSON.stringify(value)) return { text: source, action: 'unchanged', others };
  const edited = applyEdits(source, modify(source, [serversKey, name], value, FORMATTING));
  return { text: edited.endsWith('\n') ? edited : `${edited}\n`, action: existing === undefined ? 'added' : 'replaced', others };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before[before.length - 1]?.length ?? 0) + 1 };
}

function refuse(file: string, why: string): MergeResult {
  return {
    refusal: bridgeError(
      ErrorCode.CONFIG_NOT_FOUND,
      `${file} ${why}: it was left as it is`,
      `Fix ${file} (or move it away), then run lsp-bridge init again; or print the configuration with --print and merge it by hand.`,
    ),
  };
}
