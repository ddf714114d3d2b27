import { LspSymbolIndex, customServer, serverByName } from '@mcp-lsp-bridge/lsp-adapter';
import { ContainerModule } from 'inversify';
import { lspPolicy } from './compiler-policies.js';
import * as T from './tokens.js';

/** A language server over LSP: typescript-language-server by default, TypeScript 7's native server, or a custom command. */
export const lspModule = new ContainerModule(({ bind }) => {
  bind(LspSymbolIndex)
    .toDynamicValue((ctx) => {
      const config = ctx.get(T.Config);
      const logger = ctx.get(T.Logger);
      const { lsp } = config;
      const compilers = lspPolicy(config);
      return new LspSymbolIndex({
        profile: lsp.command !== undefined ? customServer(lsp.command) : serverByName(lsp.server),
        requestTimeoutMs: lsp.requestTimeoutMs,
        idleTimeoutMs: lsp.idleTimeoutMs,
        maxServers: lsp.maxServers,
        languageConfig: config.languageConfig,
        workspace: ctx.get(T.TsWorkspace),
        ...(compilers === undefined ? {} : { compilers }),
        log: (m) => logger.debug(m),
      });
    })
    .inSingletonScope();
  bind(T.SymbolIndex).toService(LspSymbolIndex);
  bind(T.Disposable).toService(LspSymbolIndex);
});
