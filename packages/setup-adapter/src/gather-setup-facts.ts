import { readdirSync } from 'node:fs';
import path from 'node:path';
import {
  SUPPORTED_EXTENSIONS,
  bridgeErrorOf,
  isSupportedSourceFile,
  isWorkspaceSource,
  type BridgeError,
  type LanguageFacts,
  type SetupFacts,
  type CompilerPolicy,
} from '@mcp-lsp-bridge/domain';
import { C_CPP, GO, languageIdIn, type LanguageProfile } from '@mcp-lsp-bridge/lsp-adapter';
import { serverLocation } from '@mcp-lsp-bridge/lsp-adapter/server-locations';
import { BUNDLED_JS_COMPILER, TsWorkspace } from '@mcp-lsp-bridge/ts-workspace';
import { backgroundServers } from './background-servers.js';
import { cFacts } from './c-facts.js';
import { goFacts } from './go-facts.js';
import { packageManagerOf } from './package-manager.js';
import { goToolchainLocation, serverFacts } from './server-versions.js';
import { typescriptProjects } from './typescript-projects.js';

type Env = Readonly<Record<string, string | undefined>>;

/** A language the workspace is served in besides TypeScript, and where the bridge learnt of it. */
export interface ConfiguredLanguage {
  readonly profile: LanguageProfile;
  readonly source: 'builtin' | 'lsp.json';
}

export interface SetupProbeOptions {
  readonly env: Env;
  /** `LSP_BRIDGE_BACKEND` as configured. */
  readonly backend: string;
  /** The workspace's `.lsp.json` languages first, then the built-in ones: the order a file's language is chosen in. */
  readonly languages: readonly ConfiguredLanguage[];
  /** The refusal of the workspace's `.lsp.json`, when it cannot be used. */
  readonly languageConfigError?: BridgeError;
  /** The rule of the configured backend for which compiler answers a project; absent for a configured server. */
  readonly compilerPolicy: CompilerPolicy | undefined;
  readonly maxFileBytes: number;
  /** Where the CLI's background servers keep their sockets, when this surface lists them. */
  readonly backgroundServerDirectory?: string;
  readonly signal?: AbortSignal;
}

const TYPESCRIPT_DISPLAY_NAME = 'TypeScript/JavaScript';

/**
 * Everything the set-up check reports about `root` (a real path to a directory), looked at
 * now: its files by language, as the language router assigns them (a workspace's `.lsp.json`
 * first, then the built-in languages, else TypeScript's extensions); each language's server,
 * found as the bridge would start it and asked its version; each TypeScript project's
 * compiler; C's compile flags; Go's module; the background servers.
 */
export async function gatherSetupFacts(root: string, options: SetupProbeOptions): Promise<SetupFacts> {
  const { env, signal } = options;
  const workspace = TsWorkspace.standalone({ maxFileBytes: options.maxFileBytes, watch: { enabled: false } });
  try {
    await workspace.workspace.beginCall(root);
    const files = listing(workspace, root);
    const rootFiles = namesIn(root);
    const byLanguage = new Map<number, string[]>();
    const typescriptFiles: string[] = [];
    for (const file of files ?? []) {
      const index = options.languages.findIndex(({ profile }) => languageIdIn(profile, file) !== undefined);
      if (index >= 0) byLanguage.set(index, [...(byLanguage.get(index) ?? []), file]);
      else if (isSupportedSourceFile(file, SUPPORTED_EXTENSIONS)) typescriptFiles.push(file);
    }
    const servers = await Promise.all(options.languages.map(({ profile }) => serverFacts(serverLocation(profile, env), env, signal)));
    const languages: LanguageFacts[] = [
      {
        name: 'typescript',
        displayName: TYPESCRIPT_DISPLAY_NAME,
        source: 'builtin',
        extensions: [...SUPPORTED_EXTENSIONS],
        fileCount: typescriptFiles.length,
        server: { name: 'typescript', kind: 'bundled', path: BUNDLED_JS_COMPILER.packageDir, version: BUNDLED_JS_COMPILER.version },
      },
      ...options.languages.map(({ profile, source }, index): LanguageFacts => ({
        name: profile.name,
        displayName: profile.displayName,
        source,
        extensions: Object.keys(profile.extensions),
        fileCount: byLanguage.get(index)?.length ?? 0,
        server: servers[index] ?? { name: profile.name, kind: 'path' },
      })),
    ];
    // C's and Go's own facts are clangd's and gopls's: not a `.lsp.json` server's that took their files.
    const filesOf = (profile: LanguageProfile): string[] => byLanguage.get(options.languages.findIndex((l) => l.profile === profile)) ?? [];
    const cFiles = filesOf(C_CPP);
    const goFiles = filesOf(GO);
    const projects =
      files === undefined
        ? { projects: [], broken: [] }
        : typescriptProjects(workspace, root, typescriptFiles.length > 0, options.compilerPolicy);
    const goModFiles = (files ?? []).filter((file) => path.basename(file) === 'go.mod' && path.dirname(file) !== root);
    return {
      root,
      backend: options.backend,
      languages,
      ...(options.languageConfigError === undefined ? {} : { languageConfigError: options.languageConfigError }),
      listingIncomplete: files === undefined,
      typescriptProjects: projects.projects,
      brokenProjects: projects.broken,
      ...(cFiles.length === 0 ? {} : { c: cFacts(root, cFiles, rootFiles) }),
      ...(goFiles.length === 0
        ? {}
        : { go: await goFacts(root, goModFiles, await serverFacts(goToolchainLocation(env), env, signal), env) }),
      ...(options.backgroundServerDirectory === undefined
        ? {}
        : { backgroundServers: await backgroundServers(options.backgroundServerDirectory) }),
      packageManager: packageManagerOf(rootFiles),
    };
  } finally {
    workspace.dispose();
  }
}

/** The workspace's own files (dependencies left out), or `undefined` past the directory limit. */
function listing(workspace: TsWorkspace, root: string): string[] | undefined {
  try {
    return [...workspace.listing(root).files()].filter((file) => isWorkspaceSource(root, file)).sort();
  } catch (error) {
    if (bridgeErrorOf(error) === undefined) throw error;
    return undefined;
  }
}

function namesIn(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}
