export { gatherSetupFacts, type ConfiguredLanguage, type SetupProbeOptions } from './gather-setup-facts.js';
export { backgroundServers } from './background-servers.js';
