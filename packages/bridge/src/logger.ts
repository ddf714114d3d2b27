import type { BridgeConfig } from './config.js';

export interface Logger {
  error(message: string): void;
  info(message: string): void;
  debug(message: string): void;
}

/** Logs go to stderr: stdout belongs to the MCP protocol. */
export function stderrLogger(level: BridgeConfig['logLevel']): Logger {
  const rank = { error: 0, info: 1, debug: 2 }[level];
  const write = (tag: string, message: string): void => {
    process.stderr.write(`[mcp-lsp-bridge] ${tag} ${message}\n`);
  };
  return {
    error: (m) => write('error', m),
    info: (m) => rank >= 1 && write('info', m),
    debug: (m) => rank >= 2 && write('debug', m),
  };
}
