import { AtomicFileWriter, EditorConfigSettings, NodeFileSystem } from '@mcp-lsp-bridge/fs-adapter';
import { BUILTIN_PROFILES, LspConfigFiles } from '@mcp-lsp-bridge/lsp-adapter/profiles';
import { TsSourceSyntax } from '@mcp-lsp-bridge/ts-syntax';
import { TsWorkspace } from '@mcp-lsp-bridge/ts-workspace';
import { Workspace } from '@mcp-lsp-bridge/workspace';
import { ContainerModule } from 'inversify';
import { LanguageRouter } from '../routing/language-router.js';
import { loadedOnFirstCall } from '../routing/loaded-on-first-call.js';
import { LSP_INDEX_METHODS } from './lsp-index-methods.js';
import { LanguageSyntax } from '../routing/language-syntax.js';
import { WorkspaceProfiles } from '../routing/workspace-profiles.js';
import * as T from './tokens.js';
import { workspaceOptions } from './workspace-options.js';

/**
 * What every backend shares: the workspace (one per process: its files, listings and watch,
 * and its TypeScript projects, bound once here and handed to every backend and router), the
 * file system and parser ports, the languages besides TypeScript (each file's calls go to its
 * language's server), and the ports bundle the use-cases take.
 */
export const coreModule = new ContainerModule(({ bind }) => {
  bind(T.Workspace)
    .toDynamicValue((ctx) => {
      const logger = ctx.get(T.Logger);
      return new Workspace(workspaceOptions(ctx.get(T.Config), (m) => logger.debug(m)));
    })
    .inSingletonScope();
  bind(T.TsWorkspace)
    .toDynamicValue((ctx) => new TsWorkspace(ctx.get(T.Workspace)))
    .inSingletonScope();
  bind(T.FileSystem).toConstantValue(new NodeFileSystem());
  bind(AtomicFileWriter)
    .toDynamicValue((ctx) => new AtomicFileWriter({}, { stateDirectories: ctx.get(T.Config).stateDirectories }))
    .inSingletonScope();
  bind(T.FileWriter).toService(AtomicFileWriter);
  bind(T.WriteRecovery).toService(AtomicFileWriter);
  bind(T.SourceSyntax).toConstantValue(new LanguageSyntax(new TsSourceSyntax()));
  bind(LanguageRouter)
    .toDynamicValue((ctx) => {
      const config = ctx.get(T.Config);
      const logger = ctx.get(T.Logger);
      const workspace = ctx.get(T.Workspace);
      const tsWorkspace = ctx.get(T.TsWorkspace);
      const configFiles = new LspConfigFiles({ LSP_BRIDGE_CONFIG: config.languageConfig });
      // A workspace's own servers first: they take over the extensions they name.
      const profiles = new WorkspaceProfiles(workspace.files, configFiles, BUILTIN_PROFILES);
      const { lsp } = config;
      return new LanguageRouter({
        typescript: ctx.get(T.SymbolIndex),
        profilesOf: (root) => profiles.of(root),
        configFileOf: (root) => configFiles.pathFor(root),
        indexOf: (profile) =>
          loadedOnFirstCall(LSP_INDEX_METHODS, async () => {
            const { LspSymbolIndex } = await import('@mcp-lsp-bridge/lsp-adapter');
            return new LspSymbolIndex({
              profile,
              requestTimeoutMs: lsp.requestTimeoutMs,
              idleTimeoutMs: lsp.idleTimeoutMs,
              maxServers: lsp.maxServers,
              languageConfig: config.languageConfig,
              workspace: tsWorkspace,
              log: (m) => logger.debug(m),
            });
          }),
        workspace,
        log: (m) => logger.debug(m),
      });
    })
    .inSingletonScope();
  bind(T.Disposable).toService(LanguageRouter);
  bind(T.BridgePorts)
    .toDynamicValue((ctx) => {
      const router = ctx.get(LanguageRouter);
      return {
        symbols: router,
        languages: router,
        serverSyntax: router,
        files: ctx.get(T.FileSystem),
        writer: ctx.get(T.FileWriter),
        syntax: ctx.get(T.SourceSyntax),
        editorSettings: new EditorConfigSettings(),
        diagnosticsBudgetMs: ctx.get(T.Config).diagnosticsBudgetMs,
        clock: { now: () => Date.now() },
      };
    })
    .inSingletonScope();
});
