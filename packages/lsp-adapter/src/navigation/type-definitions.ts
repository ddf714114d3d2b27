import { dedupeSpans, type FileOffset, type SourceSpan } from '@mcp-lsp-bridge/domain';
import { TypeDefinitionRequest } from 'vscode-languageserver-protocol/node.js';
import { spansOfLocations } from '../convert/locations.js';
import { uriOf } from '../convert/uris.js';
import type { ServerView } from '../server-view.js';
import { navigationRequest } from './requests.js';

/** The server's `textDocument/typeDefinition` at `at`; refused naming the server when it has none. */
export async function typeDefinitionsOf(view: ServerView, at: FileOffset): Promise<SourceSpan[]> {
  await view.live.sync.ensureOpen(at.path);
  const answer = await navigationRequest(view, TypeDefinitionRequest.type, 'typeDefinitionProvider', {
    textDocument: { uri: uriOf(at.path) },
    position: view.position(at.path, at.offset),
  });
  return dedupeSpans(spansOfLocations(answer, (uri, range) => view.span(uri, range)));
}
