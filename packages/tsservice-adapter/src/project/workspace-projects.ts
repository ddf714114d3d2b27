import { configSpec, inferredSpec, type ProjectSpec } from '@mcp-lsp-bridge/ts-workspace';
import type { WorkspaceAccess } from './workspace-access.js';

/**
 * The projects this index answers project-wide questions for: every usable config with files,
 * or the inferred project of a workspace without configs, less those another backend owns.
 * Throws the first CONFIG_NOT_FOUND when every config is broken.
 */
export function workspaceProjects(ws: WorkspaceAccess): ProjectSpec[] {
  const { configs, broken } = ws.ctx.workspace.configsOf(ws.root);
  const first = broken[0];
  if (configs.length === 0 && first !== undefined) throw first.error;
  const specs = configs.length === 0 ? [inferredSpec(ws.root)] : configs.filter((c) => c.fileNames.size > 0).map((c) => configSpec(c.path));
  return specs.filter((spec) => ws.ctx.owns(ws.root, spec));
}
