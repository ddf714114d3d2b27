import type * as Domain from '@mcp-lsp-bridge/domain';
import type { RecoveryReport } from '@mcp-lsp-bridge/fs-adapter';
import type * as TsProjects from '@mcp-lsp-bridge/ts-workspace';
import type * as Files from '@mcp-lsp-bridge/workspace';
import type { ServiceIdentifier } from 'inversify';
import type { BridgeConfig } from '../config.js';
import type { Logger as BridgeLogger } from '../logger.js';

/** One token per interface, named like it. */
export const SymbolIndex: ServiceIdentifier<Domain.SymbolIndex> = Symbol('SymbolIndex');
export const FileSystem: ServiceIdentifier<Domain.FileSystem> = Symbol('FileSystem');
export const FileWriter: ServiceIdentifier<Domain.FileWriter> = Symbol('FileWriter');
export const SourceSyntax: ServiceIdentifier<Domain.SourceSyntax> = Symbol('SourceSyntax');
export const BridgePorts: ServiceIdentifier<Domain.BridgePorts> = Symbol('BridgePorts');
/** The process's workspace: files, listings and the file-event watch, one per process whatever the backend. */
export const Workspace: ServiceIdentifier<Files.Workspace> = Symbol('Workspace');
/** Its TypeScript projects (configs, ownership, compilers, build output), shared by every TypeScript backend and the router of `auto`. */
export const TsWorkspace: ServiceIdentifier<TsProjects.TsWorkspace> = Symbol('TsWorkspace');
export const Config: ServiceIdentifier<BridgeConfig> = Symbol('Config');
export const Logger: ServiceIdentifier<BridgeLogger> = Symbol('Logger');
/** What puts right the writes of processes that died mid-write (run when a container is made). */
export const WriteRecovery: ServiceIdentifier<{ recoverInterruptedWrites(): Promise<RecoveryReport> }> = Symbol('WriteRecovery');
/** Multi-binding: what must be released at shutdown. */
export const Disposable: ServiceIdentifier<{ dispose(): void | Promise<void> }> = Symbol('Disposable');
