import { parseConfig, type LanguageProfile, type LspConfigFiles } from '@mcp-lsp-bridge/lsp-adapter/profiles';
import type { FileStore } from '@mcp-lsp-bridge/workspace';

interface Known {
  readonly file: string;
  readonly version: string | undefined;
  readonly profiles: readonly LanguageProfile[];
}

/**
 * The languages of each workspace, as the router asks for them several times per call: its
 * `.lsp.json` servers first, then the built-in ones. The file is read through the workspace's
 * file store, so while the watcher reports no change of it a call costs no system call at
 * all, and the same list (the same array) is answered until it changes; an invalid file
 * refuses every call that needs it, as `LspConfigFiles` words it.
 */
export class WorkspaceProfiles {
  private readonly known = new Map<string, Known>();

  constructor(
    private readonly files: FileStore,
    private readonly configFiles: LspConfigFiles,
    private readonly builtins: readonly LanguageProfile[],
  ) {}

  of(root: string): readonly LanguageProfile[] {
    const file = this.configFiles.pathFor(root);
    const version = this.files.version(file);
    const known = this.known.get(root);
    if (known?.file === file && known.version === version) return known.profiles;
    const text = version === undefined ? undefined : this.files.text(file);
    // No readable file: what `LspConfigFiles` says of it (none, or a configured file missing).
    const configured = text === undefined ? this.configFiles.profiles(root) : parseConfig(file, text);
    const profiles = [...configured, ...this.builtins];
    this.known.set(root, { file, version, profiles });
    return profiles;
  }
}
