import { parseConfig } from './config.js';
import { describe, defaultConfig } from './server.js';

const config = parseConfig('example.com:443');
console.log(describe(config), describe(defaultConfig));

const port: string = config.port;
