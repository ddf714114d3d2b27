import { AtomicFileWriter, EditorConfigSettings, NodeFileSystem } from '@mcp-lsp-bridge/fs-adapter';
import { BUILTIN_PROFILES, LspConfigFiles, LspSymbolIndex } from '@mcp-lsp-bridge/lsp-adapter';
import { TsSourceSyntax } from '@mcp-lsp-bridge/ts-syntax';
import { ContainerModule } from 'inversify';
import { LanguageRouter } from '../routing/language-router.js';
import { LanguageSyntax } from '../routing/language-syntax.js';
import * as T from './tokens.js';
import { watchOptions } from './watch-options.js';

/**
 * What every backend shares: the file system and parser ports, the languages besides
 * TypeScript (each file's calls go to its language's server), and the ports bundle the
 * use-cases take.
 */
export const coreModule = new ContainerModule(({ bind }) => {
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
      const configFiles = new LspConfigFiles({ LSP_BRIDGE_CONFIG: config.languageConfig });
      const { lsp } = config;
      return new LanguageRouter({
        typescript: ctx.get(T.SymbolIndex),
        // A workspace's own servers first: they take over the extensions they name.
        profilesOf: (root) => [...configFiles.profiles(root), ...BUILTIN_PROFILES],
        indexOf: (profile) =>
          new LspSymbolIndex({
            profile,
            requestTimeoutMs: lsp.requestTimeoutMs,
            idleTimeoutMs: lsp.idleTimeoutMs,
            maxServers: lsp.maxServers,
            diagnosticsBudgetMs: lsp.diagnosticsBudgetMs,
            maxFileBytes: config.maxFileBytes,
            watch: watchOptions(config.watch),
            log: (m) => logger.debug(m),
          }),
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
      };
    })
    .inSingletonScope();
});
