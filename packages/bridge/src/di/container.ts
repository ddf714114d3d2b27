import type { Container, ContainerModule } from 'inversify';
import type { Backend, BridgeConfig } from '../config.js';
import type { Logger } from '../logger.js';
import * as T from './tokens.js';

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
  await recoverInterruptedWrites(container, logger);
  return container;
}

/**
 * Before serving anything: a write that a killed process left half-done is rolled back
 * (or, when it had replaced every file, kept), and its temp files removed.
 */
async function recoverInterruptedWrites(container: Container, logger: Logger): Promise<void> {
  try {
    const report = await container.get(T.WriteRecovery).recoverInterruptedWrites();
    // Logged as errors: each one is the trace of a process that died mid-write.
    if (report.restored.length > 0 || report.completed > 0) {
      logger.error(
        `recovered ${report.interrupted} interrupted write(s): ${report.restored.length} file(s) restored to their content before the write` +
          (report.completed > 0 ? `, ${report.completed} write(s) found complete and kept` : '') +
          (report.restored.length > 0 ? ` (${report.restored.join(', ')})` : ''),
      );
    }
    for (const problem of report.problems) logger.error(`interrupted write: ${problem}`);
  } catch (error) {
    logger.error(`cannot look for interrupted writes: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Releases every `Disposable` binding (language services, child processes). */
export async function disposeContainer(container: Container): Promise<void> {
  for (const disposable of container.getAll(T.Disposable)) await disposable.dispose();
}
