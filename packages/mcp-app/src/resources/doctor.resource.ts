import { homedir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { describeSetup, type SetupReport, type ToolError } from '@mcp-lsp-bridge/domain/front';
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { ReadResourceResult, Resource } from '@modelcontextprotocol/sdk/types.js';
import { renderError } from '../render/text.js';

/** Runs the set-up check of a workspace root (the bridge's `checkSetup`). */
export type SetupCheck = (root: string, signal: AbortSignal) => Promise<SetupReport | ToolError>;

export const DOCTOR_TEMPLATE = 'lsp-bridge://doctor{?root}';

/** The resource's address for a workspace root. */
export function doctorUri(root: string): string {
  return `lsp-bridge://doctor?root=${encodeURIComponent(root)}`;
}

/**
 * The set-up check as an MCP resource, so an agent can ask what is missing (which languages
 * the workspace has, which servers answer them, the command that fixes each problem) before
 * or after a LANGUAGE_SERVER_NOT_FOUND: `resources/read` of `lsp-bridge://doctor?root=<absolute
 * path>` answers the report as text and as JSON. `resources/list` names one per root the
 * client shares (MCP roots), else the server's working directory when it is a project's.
 */
export function registerDoctorResource(server: McpServer, check: SetupCheck): void {
  const template = new ResourceTemplate(DOCTOR_TEMPLATE, {
    list: async (extra) => ({ resources: (await workspaceRoots(server, extra.signal)).map(resourceOf) }),
  });
  server.registerResource(
    'doctor',
    template,
    {
      title: 'Set-up check',
      description:
        "The workspace's languages, the server that answers each (installed or not, version), each TypeScript project's " +
        'compiler, C/C++ compile flags, the Go module, and each problem with the command that fixes it.',
      mimeType: 'text/plain',
    },
    async (uri, variables, extra): Promise<ReadResourceResult> => {
      const given = Array.isArray(variables['root']) ? variables['root'][0] : variables['root'];
      const report = await check(decodeURIComponent(given ?? ''), extra.signal);
      const text = report.success ? describeSetup(report).join('\n') : renderError(report.error);
      return {
        contents: [
          { uri: uri.href, mimeType: 'text/plain', text },
          { uri: uri.href, mimeType: 'application/json', text: JSON.stringify(report) },
        ],
      };
    },
  );
}

function resourceOf(root: string): Resource {
  return { uri: doctorUri(root), name: `doctor ${root}`, title: `Set-up check of ${root}`, mimeType: 'text/plain' };
}

/** The client's roots when it shares them, else the working directory unless it is no project's (`/`, the home directory). */
async function workspaceRoots(server: McpServer, signal: AbortSignal): Promise<string[]> {
  if (server.server.getClientCapabilities()?.roots !== undefined) {
    try {
      const { roots } = await server.server.listRoots(undefined, { signal, timeout: 5_000 });
      return roots.filter((root) => root.uri.startsWith('file:')).map((root) => fileURLToPath(root.uri));
    } catch {
      // A client that declared roots but does not answer: fall back to the working directory.
    }
  }
  const cwd = process.cwd();
  return cwd === '/' || cwd === homedir() ? [] : [cwd];
}
