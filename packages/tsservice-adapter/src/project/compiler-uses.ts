import { compilerUses } from '@mcp-lsp-bridge/ts-workspace';
import type { CompilerUse } from '@mcp-lsp-bridge/domain';
import type { WorkspaceAccess } from './workspace-access.js';
import { workspaceProjects } from './workspace-projects.js';

/** The compilers of `path`'s project, or of every project this index answers for. */
export function compilersOf(ws: WorkspaceAccess, path: string | undefined): CompilerUse[] {
  const specs = path === undefined ? workspaceProjects(ws) : [ws.ctx.workspace.ownerOf(ws.root, path).spec];
  return compilerUses(specs.map((spec) => ({ spec, choice: ws.ctx.compilerOf(spec).choice })));
}
