import { Container, type ContainerModule } from 'inversify';
import type { Backend, BridgeConfig } from '../config.js';
import type { Logger } from '../logger.js';
import { coreModule } from './core.module.js';
import * as T from './tokens.js';
import { lspModule } from './lsp.module.js';
import { tsserviceModule } from './tsservice.module.js';

const backendModules: Readonly<Record<Backend, ContainerModule>> = {
  tsservice: tsserviceModule,
  lsp: lspModule,
};

/**
 * The composition root: configuration, the shared core, the chosen backend, and whatever
 * the app adds (the MCP server its tools, the CLI its commands).
 */
export function createContainer(config: BridgeConfig, logger: Logger, ...appModules: ContainerModule[]): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.bind(T.Config).toConstantValue(config);
  container.bind(T.Logger).toConstantValue(logger);
  container.load(coreModule, backendModules[config.backend], ...appModules);
  return container;
}

/** Releases every `Disposable` binding (language services, child processes). */
export async function disposeContainer(container: Container): Promise<void> {
  for (const disposable of container.getAll(T.Disposable)) await disposable.dispose();
}
