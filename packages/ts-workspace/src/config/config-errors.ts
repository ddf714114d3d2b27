import { BridgeException, isFatalConfigError, unusableConfig, type ConfigDiagnostic } from '@mcp-lsp-bridge/domain';
import type { TypeScriptApi } from '@mcp-lsp-bridge/ts-syntax';
import type ts from 'typescript';

/** Whether a config diagnostic makes the config unusable (the domain's rule, on TypeScript's code). */
export function isFatal(diagnostic: ts.Diagnostic): boolean {
  return isFatalConfigError(diagnostic.code);
}

/** The CONFIG_NOT_FOUND refusal for a config that exists but cannot be used, from what TypeScript reported. */
export function configException(api: TypeScriptApi, root: string, configPath: string, diagnostic: ts.Diagnostic): BridgeException {
  const { file, start } = diagnostic;
  const at = file !== undefined && start !== undefined ? file.getLineAndCharacterOfPosition(start) : undefined;
  const facts: ConfigDiagnostic = {
    code: diagnostic.code,
    text: api.flattenDiagnosticMessageText(diagnostic.messageText, ' '),
    ...(file === undefined ? {} : { file: file.fileName }),
    ...(at === undefined ? {} : { at: { line: at.line + 1, column: at.character + 1 } }),
  };
  return new BridgeException(unusableConfig(root, configPath, facts));
}
