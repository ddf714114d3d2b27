export { runCli } from './cli.js';
export { COMMANDS } from './commands/index.js';
export { defineCommand, type CommandDefinition, type ParsedArgs } from './command-definition.js';
export { ExitCode } from './exit-codes.js';
export type { CliIo, InputStream, OutputStream } from './io.js';
