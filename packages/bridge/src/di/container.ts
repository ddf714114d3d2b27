import type { Container, ContainerModule } from 'inversify';
import type { Backend, BridgeConfig } from '../config.js';
import type { Logger } from '../logger.js';
import * as T from './tokens.js';
import { recoverWrites } from '../write-recovery.js';

// Loaded when a container is made, and only the chosen backend: the language services (and
// TypeScript, 9 MB of JavaScript) stay unloaded for `--help`, usage errors and a CLI whose
// calls run in its background server.
const backendModules: Readonly<Record<Backend, () => Promise<ContainerModule>>> = {
  auto: async () => (await import('./auto.module.js')).autoModule,
  tsservice: async () => (await import('./tsservice.module.js')).tsserviceModule,
  lsp: async () => (await import('./lsp.module.js')).lspModule,
};

/**
 * The composition root: configuration, the shared core, the chosen backend, and whatever
 * the app adds (the MCP server its tools, the CLI its commands).
 */
export async function createContainer(config: BridgeConfig, logger: Logger, ...appModules: ContainerModule[]): Promise<Container> {
  const [{ Container }, { coreModule }, backendModule] = await Promise.all([
    import('inversify'),
    import('./core.module.js'),
    backendModules[config.backend](),
  ]);
  const container = new Container({ defaultScope: 'Singleton' });
  container.bind(T.Config).toConstantValue(config);
  container.bind(T.Logger).toConstantValue(logger);
  container.load(coreModule, backendModule, ...appModules);
  await recoverWrites(container.get(T.WriteRecovery), logger);
  return container;
}

/** Releases every `Disposable` binding (language services, child processes), then the workspace they all read. */
export async function disposeContainer(container: Container): Promise<void> {
  for (const disposable of container.getAll(T.Disposable)) await disposable.dispose();
  container.get(T.TsWorkspace).dispose();
  container.get(T.Workspace).dispose();
}
