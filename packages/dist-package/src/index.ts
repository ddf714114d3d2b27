// The library entry of the published package: the bridge without MCP, i.e. what
// create-bridge.ts exports (createBridge, its options and every input and result type), and
// the configuration names its options use. The composition internals (the container and its
// tokens) stay out.
export { BACKENDS, ConfigError, PRODUCT_VERSION, type Backend, type BridgeConfig, type Logger } from '@mcp-lsp-bridge/bridge';
export * from '@mcp-lsp-bridge/bridge/create-bridge';
