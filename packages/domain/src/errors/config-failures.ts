import { displayPath, normalizePath } from '../rules/paths.js';
import { bridgeError, type BridgeError } from './bridge-error.js';
import { ErrorCode } from './error-codes.js';

/** A diagnostic TypeScript reported about a tsconfig.json or jsconfig.json, as facts. */
export interface ConfigDiagnostic {
  /** TypeScript's diagnostic code (`1005`, `5083`, …). */
  readonly code: number;
  /** Its message text, flattened to one line. */
  readonly text: string;
  /** The config file it is in (an extended one, maybe), when TypeScript says. */
  readonly file?: string;
  /** Where in that file (1-based), when TypeScript says. */
  readonly at?: { readonly line: number; readonly column: number };
}

/**
 * Config diagnostics that make a config unusable. Found by experiment with TypeScript 5.9:
 * JSON syntax errors are 1xxx (e.g. TS1005 "'}' expected", TS1136), TS5092 is a root that is
 * not an object, a relative `extends` that is missing gives TS5083 "Cannot read file", a
 * package `extends` that cannot be resolved gives TS6053 "File '…' not found", and TS18000
 * is an `extends` cycle. Everything else (TS18003 "No inputs were found", unknown options)
 * leaves a config TypeScript itself still uses.
 */
export function isFatalConfigError(code: number): boolean {
  return isJsonError(code) || code === 5083 || code === 5092 || code === 6053 || code === 18000;
}

/** The CONFIG_NOT_FOUND refusal of a config (`configPath`) that exists but cannot be used. */
export function unusableConfig(root: string, configPath: string, diagnostic: ConfigDiagnostic): BridgeError {
  const config = displayPath(root, configPath);
  const text = relativized(root, diagnostic.text);
  if (isJsonError(diagnostic.code)) {
    const broken = diagnostic.file ?? configPath;
    const where = diagnostic.at === undefined ? '' : ` at line ${diagnostic.at.line}, column ${diagnostic.at.column}`;
    const via = broken === configPath ? '' : ` (extended by ${config})`;
    return refuse(
      `${displayPath(root, broken)}${via} is not valid JSON${where}: ${text}`,
      `Fix the JSON syntax of ${displayPath(root, broken)}, then retry.`,
    );
  }
  if (diagnostic.code === 5083 || diagnostic.code === 6053) {
    return refuse(
      `${config} cannot be used: the file it extends was not found (${text})`,
      `Create the missing file or fix the "extends" entry of ${config}, then retry.`,
    );
  }
  if (diagnostic.code === 18000) {
    return refuse(`${config} cannot be used: ${text}`, `Remove the "extends" cycle starting at ${config}, then retry.`);
  }
  return refuse(`${config} cannot be used: ${text}`, `Fix ${config}, then retry.`);
}

/** A config whose `references` name a project (`target`) that does not exist. */
export function missingReference(root: string, configPath: string, target: string): BridgeError {
  const config = displayPath(root, configPath);
  return refuse(
    `${config} references ${displayPath(root, target)}, which does not exist`,
    `Create ${displayPath(root, target)} or fix the "references" entry of ${config}, then retry.`,
  );
}

/** A config that cannot be read (`reason`: its failure entry's). */
export function unreadableConfig(root: string, configPath: string, reason: string): BridgeError {
  const config = displayPath(root, configPath);
  return refuse(`${config} cannot be read: ${reason}`, `Make ${config} a readable JSON file, then retry.`);
}

/** What is wrong with a language server config (`.lsp.json`, or the file `LSP_BRIDGE_CONFIG` names). */
export type LspConfigProblem =
  /** The setting names a file that does not exist. */
  | { readonly kind: 'named-file-missing'; readonly setting: string }
  /** It is not JSON (`parser`: the JSON parser's message). */
  | { readonly kind: 'invalid-json'; readonly parser: string }
  /** A field (`field`: its path, `a.b`; none for the whole file) breaks a rule of `LSP_CONFIG_RULES`, or another (`rule`). */
  | { readonly kind: 'invalid-field'; readonly field?: string; readonly rule?: string };

/** What each field of a `.lsp.json` server entry must be, as its refusal says it (the schema is the adapter's). */
export const LSP_CONFIG_RULES = {
  command: 'must be a non-empty string (the server executable)',
  extension: 'must be a file extension starting with "." (e.g. ".py")',
  extensions: 'must map at least one extension to a language id',
  transport: 'only "stdio" is supported',
} as const;

/** The CONFIG_NOT_FOUND refusal of every call that needs a language server config that is not usable. */
export function unusableLspConfig(file: string, problem: LspConfigProblem): BridgeError {
  const name = normalizePath(file).split('/').pop() ?? file;
  const shape =
    'an object of servers, each { "command": string, "args"?: string[], "extensionToLanguage": { ".ext": "languageId" }, "initializationOptions"?, "settings"?, "env"?, "startupTimeout"? } (the shape of Claude Code\'s .lsp.json)';
  return bridgeError(
    ErrorCode.CONFIG_NOT_FOUND,
    `The language server config ${file} is not usable: ${lspConfigWhy(problem)}`,
    problem.kind === 'named-file-missing'
      ? `Create ${file} (${shape}), or set ${problem.setting} to an existing file, or unset it to use the workspace's .lsp.json; then call again.`
      : `Fix ${name}: ${shape}; then call again.`,
  );
}

function lspConfigWhy(problem: LspConfigProblem): string {
  switch (problem.kind) {
    case 'named-file-missing':
      return `${problem.setting} names a file that does not exist`;
    case 'invalid-json':
      return `it is not valid JSON (${problem.parser})`;
    case 'invalid-field':
      return `"${problem.field ?? '(the whole file)'}" ${problem.rule ?? 'is invalid'}`;
  }
}

function isJsonError(code: number): boolean {
  return code >= 1000 && code < 2000;
}

function refuse(message: string, resolution: string): BridgeError {
  return bridgeError(ErrorCode.CONFIG_NOT_FOUND, message, resolution);
}

/** TypeScript names files by absolute path; the message names them as the rest of the answer does. */
function relativized(root: string, text: string): string {
  return root === '/' ? text : text.split(`${root}/`).join('');
}
