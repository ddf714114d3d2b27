import type { FormatAnswer, FormatQuery } from '@mcp-lsp-bridge/domain';
import { formatCodeSettings } from '../convert/format-options.js';
import type { WorkspaceAccess } from '../project/workspace-access.js';

/** TypeScript's formatter over a file or a range of it, with the settings as its format options. */
export function formatEditsAt(ws: WorkspaceAccess, query: FormatQuery): FormatAnswer {
  const project = ws.projectFor(query.path);
  const text = ws.ctx.files.text(query.path) ?? '';
  const options = formatCodeSettings(project.ts, query.settings, text);
  const changes =
    query.range === undefined
      ? project.ls.getFormattingEditsForDocument(query.path, options)
      : project.ls.getFormattingEditsForRange(query.path, query.range.start, query.range.end, options);
  return { text, edits: changes.map((c) => ({ path: query.path, start: c.span.start, length: c.span.length, newText: c.newText })) };
}
