import type * as Domain from '@mcp-lsp-bridge/domain';
import type { ServiceIdentifier } from 'inversify';
import type { AppConfig } from '../config.js';
import type { Logger as AppLogger } from '../logger.js';
import type { ToolDefinition as Tool } from '../tools/tool-definition.js';

/** One token per interface, named like it. */
export const SymbolIndex: ServiceIdentifier<Domain.SymbolIndex> = Symbol('SymbolIndex');
export const FileSystem: ServiceIdentifier<Domain.FileSystem> = Symbol('FileSystem');
export const FileWriter: ServiceIdentifier<Domain.FileWriter> = Symbol('FileWriter');
export const BridgePorts: ServiceIdentifier<Domain.BridgePorts> = Symbol('BridgePorts');
export const Config: ServiceIdentifier<AppConfig> = Symbol('Config');
export const Logger: ServiceIdentifier<AppLogger> = Symbol('Logger');
/** Multi-binding: every tool the server offers. */
export const ToolDefinition: ServiceIdentifier<Tool> = Symbol('ToolDefinition');
/** Multi-binding: what must be released at shutdown. */
export const Disposable: ServiceIdentifier<{ dispose(): void | Promise<void> }> = Symbol('Disposable');
