import { AtomicFileWriter, NodeFileSystem } from '@mcp-lsp-bridge/fs-adapter';
import { TsSourceSyntax } from '@mcp-lsp-bridge/ts-syntax';
import { ContainerModule } from 'inversify';
import * as T from './tokens.js';

/** What every backend shares: the file system and parser ports and the ports bundle the use-cases take. */
export const coreModule = new ContainerModule(({ bind }) => {
  bind(T.FileSystem).toConstantValue(new NodeFileSystem());
  bind(AtomicFileWriter)
    .toDynamicValue((ctx) => new AtomicFileWriter({}, { stateDirectories: ctx.get(T.Config).stateDirectories }))
    .inSingletonScope();
  bind(T.FileWriter).toService(AtomicFileWriter);
  bind(T.WriteRecovery).toService(AtomicFileWriter);
  bind(T.SourceSyntax).toConstantValue(new TsSourceSyntax());
  bind(T.BridgePorts)
    .toDynamicValue((ctx) => ({
      symbols: ctx.get(T.SymbolIndex),
      files: ctx.get(T.FileSystem),
      writer: ctx.get(T.FileWriter),
      syntax: ctx.get(T.SourceSyntax),
    }))
    .inSingletonScope();
});
