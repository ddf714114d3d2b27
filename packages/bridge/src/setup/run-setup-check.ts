import {
  bridgeErrorOf,
  diagnoseSetup,
  isToolError,
  resolveWorkspace,
  type BridgeError,
  type SetupReport,
  type ToolError,
  type CompilerPolicy,
} from '@mcp-lsp-bridge/domain';
import { NodeFileSystem } from '@mcp-lsp-bridge/fs-adapter';
import { BUILTIN_PROFILES, LspConfigFiles, type LanguageProfile } from '@mcp-lsp-bridge/lsp-adapter/profiles';
import { gatherSetupFacts, type ConfiguredLanguage } from '@mcp-lsp-bridge/setup-adapter';
import { loadConfig, type BridgeConfig } from '../config.js';
import { autoPolicy, inProcessPolicy, lspPolicy } from '../di/compiler-policies.js';

export interface SetupCheckOptions {
  /** The settings (`LSP_BRIDGE_*`) and `PATH` the bridge would run with. */
  readonly env: Readonly<Record<string, string | undefined>>;
  /**
   * Where the CLI's background servers keep their sockets, to list them. The CLI passes its
   * own; a surface that has none (the MCP server) leaves them out of the report.
   */
  readonly backgroundServerDirectory?: string;
  readonly signal?: AbortSignal;
}

/**
 * The set-up check of a workspace (`lsp-bridge doctor`, the MCP resource `lsp-bridge://doctor`):
 * the facts as the configured bridge would meet them (its backend's rule for compilers, the
 * workspace's `.lsp.json` before the built-in languages, the servers on `env`'s PATH), and what
 * the domain makes of them. WORKSPACE_NOT_FOUND when the root is not an absolute directory.
 */
export async function runSetupCheck(workspaceRoot: string, options: SetupCheckOptions): Promise<SetupReport | ToolError> {
  const signal = options.signal ?? new AbortController().signal;
  const root = await resolveWorkspace(new NodeFileSystem(), workspaceRoot, signal);
  if (isToolError(root)) return root;
  const config = loadConfig(options.env);
  const { languages, error } = configuredLanguages(root, config);
  const facts = await gatherSetupFacts(root, {
    env: options.env,
    backend: config.backend,
    languages,
    ...(error === undefined ? {} : { languageConfigError: error }),
    compilerPolicy: compilerPolicy(config),
    maxFileBytes: config.maxFileBytes,
    ...(options.backgroundServerDirectory === undefined ? {} : { backgroundServerDirectory: options.backgroundServerDirectory }),
    signal,
  });
  return diagnoseSetup(facts);
}

/** The languages as the language router sees them: the workspace's `.lsp.json` first (or its refusal), then the built-in ones. */
function configuredLanguages(root: string, config: BridgeConfig): { languages: ConfiguredLanguage[]; error?: BridgeError } {
  const builtin = BUILTIN_PROFILES.map((profile: LanguageProfile) => ({ profile, source: 'builtin' as const }));
  try {
    const configured = new LspConfigFiles({ LSP_BRIDGE_CONFIG: config.languageConfig }).profiles(root);
    return { languages: [...configured.map((profile) => ({ profile, source: 'lsp.json' as const })), ...builtin] };
  } catch (thrown) {
    const error = bridgeErrorOf(thrown);
    if (error === undefined) throw thrown;
    return { languages: builtin, error };
  }
}

/** Which compiler answers a project under the configured backend (the rule each backend's module binds). */
function compilerPolicy(config: BridgeConfig): CompilerPolicy | undefined {
  if (config.backend === 'auto') return autoPolicy(config);
  if (config.backend === 'tsservice') return inProcessPolicy(config, 'LSP_BRIDGE_BACKEND=tsservice');
  return lspPolicy(config);
}
