import { TsSymbolIndex } from '@mcp-lsp-bridge/tsservice-adapter';
import { ContainerModule } from 'inversify';
import { inProcessPolicy } from './compiler-policies.js';
import * as T from './tokens.js';

/** The in-process TypeScript LanguageService backend: a project's own 5.x/6.x, else the bundled TypeScript. */
export const tsserviceModule = new ContainerModule(({ bind }) => {
  bind(TsSymbolIndex)
    .toDynamicValue((ctx) => {
      const config = ctx.get(T.Config);
      const logger = ctx.get(T.Logger);
      return new TsSymbolIndex({
        maxProjects: config.maxProjects,
        workspace: ctx.get(T.TsWorkspace),
        compilers: inProcessPolicy(config, 'LSP_BRIDGE_BACKEND=tsservice'),
        log: (m) => logger.debug(m),
      });
    })
    .inSingletonScope();
  bind(T.SymbolIndex).toService(TsSymbolIndex);
  bind(T.Disposable).toService(TsSymbolIndex);
});
