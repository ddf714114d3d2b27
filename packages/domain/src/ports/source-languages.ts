/**
 * Which files the bridge can serve in a workspace: the extensions of every configured
 * language (the built-in ones, plus those a workspace configures). The adapters know the
 * languages; the domain only decides, from these extensions, whether a file is refused.
 */
export interface SourceLanguages {
  /** Extensions (lower case, with the dot, e.g. `.py`) served in the workspace at `root` (a real path). */
  extensions(root: string): readonly string[];
}
