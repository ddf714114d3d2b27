import { BridgeException, ErrorCode, bridgeError, displayPath } from '@mcp-lsp-bridge/domain';
import type { TypeScriptApi } from '@mcp-lsp-bridge/ts-syntax';
import type ts from 'typescript';

/**
 * Config diagnostics that make a config unusable. Found by experiment with TypeScript 5.9:
 * JSON syntax errors are 1xxx (e.g. TS1005 "'}' expected", TS1136), TS5092 is a root that is
 * not an object, a relative `extends` that is missing gives TS5083 "Cannot read file", a
 * package `extends` that cannot be resolved gives TS6053 "File '…' not found", and TS18000
 * is an `extends` cycle. Everything else (TS18003 "No inputs were found", unknown options)
 * leaves a config TypeScript itself still uses.
 */
export function isFatalConfigError(diagnostic: ts.Diagnostic): boolean {
  const { code } = diagnostic;
  return (code >= 1000 && code < 2000) || code === 5083 || code === 5092 || code === 6053 || code === 18000;
}

/** The CONFIG_NOT_FOUND refusal for a config that exists but cannot be used. */
export function configException(api: TypeScriptApi, root: string, configPath: string, diagnostic: ts.Diagnostic): BridgeException {
  const config = displayPath(root, configPath);
  const text = relativize(root, api.flattenDiagnosticMessageText(diagnostic.messageText, ' '));
  const file = diagnostic.file?.fileName;
  if (diagnostic.code >= 1000 && diagnostic.code < 2000) {
    const broken = file ?? configPath;
    const where = diagnostic.file && diagnostic.start !== undefined ? ` at ${lineColumn(diagnostic.file, diagnostic.start)}` : '';
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

export function missingReferenceException(root: string, configPath: string, target: string): BridgeException {
  const config = displayPath(root, configPath);
  return refuse(
    `${config} references ${displayPath(root, target)}, which does not exist`,
    `Create ${displayPath(root, target)} or fix the "references" entry of ${config}, then retry.`,
  );
}

export function unreadableConfigException(root: string, configPath: string, reason: string): BridgeException {
  const config = displayPath(root, configPath);
  return refuse(`${config} cannot be read: ${reason}`, `Make ${config} a readable JSON file, then retry.`);
}

function refuse(message: string, resolution: string): BridgeException {
  return new BridgeException(bridgeError(ErrorCode.CONFIG_NOT_FOUND, message, resolution));
}

function lineColumn(file: ts.SourceFile, offset: number): string {
  const { line, character } = file.getLineAndCharacterOfPosition(offset);
  return `line ${line + 1}, column ${character + 1}`;
}

function relativize(root: string, text: string): string {
  return root === '/' ? text : text.split(`${root}/`).join('');
}
