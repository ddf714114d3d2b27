import { parseConfig, type Config } from './config.js';

export function describe(config: Config): string {
  // parseConfig in a comment is not a reference
  return `${config.host}:${config.port}`;
}

export const defaultConfig = parseConfig('localhost:8080');
