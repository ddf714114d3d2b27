/**
 * What the server says when started at a terminal (stdin is a TTY) instead of by an MCP client,
 * which would otherwise see a program that prints nothing and waits. It still serves: a
 * client may well be a terminal program.
 */
export const TERMINAL_NOTICE =
  'mcp-lsp-bridge: an MCP server on stdio, waiting for an MCP client to connect (Ctrl-C stops it). ' +
  'Add it to a client: lsp-bridge init claude-code (or claude-desktop, cursor, vscode, codex); the same tools at a terminal: ' +
  'lsp-bridge --help; what is installed: lsp-bridge doctor.\n';
