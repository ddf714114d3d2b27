import { Container, type ContainerModule } from 'inversify';
import type { AppConfig, Backend } from '../config.js';
import type { Logger } from '../logger.js';
import { coreModule } from './core.module.js';
import * as T from './tokens.js';
import { tsserviceModule } from './tsservice.module.js';

const backendModules: Readonly<Record<Backend, ContainerModule>> = {
  tsservice: tsserviceModule,
};

/** The composition root: configuration, the shared core and the chosen backend. */
export function createContainer(config: AppConfig, logger: Logger): Container {
  const container = new Container({ defaultScope: 'Singleton' });
  container.bind(T.Config).toConstantValue(config);
  container.bind(T.Logger).toConstantValue(logger);
  container.load(coreModule, backendModules[config.backend]);
  return container;
}
