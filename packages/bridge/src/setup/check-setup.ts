import type { SetupReport, ToolError } from '@mcp-lsp-bridge/domain';
import type { SetupCheckOptions } from './run-setup-check.js';

export type { SetupCheckOptions } from './run-setup-check.js';

/**
 * The set-up check of a workspace: its languages and their servers, each project's compiler,
 * and every problem with the command that fixes it. Loaded on first use, like the backends:
 * importing the bridge stays cheap for `--help` and `--version`.
 */
export async function checkSetup(workspaceRoot: string, options: SetupCheckOptions): Promise<SetupReport | ToolError> {
  const { runSetupCheck } = await import('./run-setup-check.js');
  return runSetupCheck(workspaceRoot, options);
}
