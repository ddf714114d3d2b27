import type { FileWriter } from '@mcp-lsp-bridge/domain';
import { renewOperationView } from '@mcp-lsp-bridge/workspace';

/**
 * `writer`, after whose writes the calling operation takes a new view of the disk: an operation
 * shares one view across its port calls (`oneViewPerOperation`), and one that asks again after
 * writing must see what it wrote, or what a failed write restored.
 */
export function viewRenewingWriter(writer: FileWriter): FileWriter {
  return {
    async writeAll(workspaceRoot, changes, signal) {
      try {
        await writer.writeAll(workspaceRoot, changes, signal);
      } finally {
        renewOperationView(signal);
      }
    },
    drain: () => writer.drain(),
  };
}
