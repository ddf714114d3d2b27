import { tsgoServer, workspaceNativeServer } from '@mcp-lsp-bridge/lsp-adapter/profiles';
import { TsSymbolIndex } from '@mcp-lsp-bridge/tsservice-adapter';
import { ContainerModule } from 'inversify';
import { CompilerRouter } from '../routing/compiler-router.js';
import { loadedOnFirstCall } from '../routing/loaded-on-first-call.js';
import { LSP_INDEX_METHODS } from './lsp-index-methods.js';
import { autoPolicy, inProcessPolicy } from './compiler-policies.js';
import * as T from './tokens.js';

/** Each project answered by its own compiler: in process for 5.x/6.x, over its native server for 7.x, else the bundled fallback. */
export const autoModule = new ContainerModule(({ bind }) => {
  bind(CompilerRouter)
    .toDynamicValue((ctx) => {
      const config = ctx.get(T.Config);
      const logger = ctx.get(T.Logger);
      const log = (m: string): void => logger.debug(m);
      const { lsp } = config;
      // One workspace for the router and every backend it starts: a call's project is decided once.
      const workspace = ctx.get(T.TsWorkspace);
      return new CompilerRouter({
        policy: autoPolicy(config),
        workspace,
        log,
        inProcess: (owns) =>
          new TsSymbolIndex({
            maxProjects: config.maxProjects,
            compilers: inProcessPolicy(config, 'LSP_BRIDGE_BACKEND=auto'),
            workspace,
            owns,
            log,
          }),
        native: (compiler, owns) =>
          loadedOnFirstCall(LSP_INDEX_METHODS, async () => {
            const { LspSymbolIndex } = await import('@mcp-lsp-bridge/lsp-adapter');
            return new LspSymbolIndex({
              profile: compiler.source === 'bundled' ? tsgoServer : workspaceNativeServer(compiler.packageDir, compiler.version),
              requestTimeoutMs: lsp.requestTimeoutMs,
              idleTimeoutMs: lsp.idleTimeoutMs,
              maxServers: lsp.maxServers,
              languageConfig: config.languageConfig,
              workspace,
              owns,
              log,
            });
          }),
      });
    })
    .inSingletonScope();
  bind(T.SymbolIndex).toService(CompilerRouter);
  bind(T.Disposable).toService(CompilerRouter);
});
