import { touchesRange, type ActionEdits, type CodeActionQuery, type CodeActionsAnswer, type OfferedAction } from '@mcp-lsp-bridge/domain';
import {
  CodeActionRequest,
  CodeActionResolveRequest,
  CodeActionTriggerKind,
  type CodeAction,
  type Command,
  type Diagnostic,
} from 'vscode-languageserver-protocol/node';
import { textEditsOf } from '../convert/locations.js';
import { spanOfRange } from '../convert/ranges.js';
import { pathOf, uriOf } from '../convert/uris.js';
import { navigationRequest } from '../navigation/requests.js';
import type { CallContext } from '../call-context.js';
import { serverDiagnostics } from '../diagnostics/file-diagnostics.js';

interface Listed {
  readonly action: CodeAction;
  readonly offered: OfferedAction;
}

/**
 * A server's code actions over a range (`textDocument/codeAction`), for the kinds asked, with
 * the server's own diagnostics the range touches as the context its fixes are computed for. An
 * action that is only a command the server runs against its client (it edits through
 * `workspace/applyEdit`, which this client declines) is named, not offered.
 */
export async function lspCodeActions(view: CallContext, query: CodeActionQuery): Promise<CodeActionsAnswer> {
  const { listed, clientOnly } = await listActions(view, query);
  return { text: view.lines(query.path)?.text ?? '', actions: listed.map((l) => l.offered), clientOnly };
}

/** The edits of the action `ref` names, computed again (and resolved, when the server computes them lazily). */
export async function lspCodeActionEdits(view: CallContext, query: CodeActionQuery, ref: string): Promise<ActionEdits | undefined> {
  const found = (await listActions(view, query)).listed.find((l) => l.offered.ref === ref);
  if (found === undefined) return undefined;
  let action = found.action;
  if (action.edit === undefined && action.data !== undefined)
    action = await view.live.server.request(CodeActionResolveRequest.type, action, view.signal);
  if (action.edit === undefined) return undefined;
  const creates: string[] = [];
  for (const change of action.edit.documentChanges ?? []) {
    if ('kind' in change && change.kind === 'create') creates.push(view.realPath(pathOf(change.uri)));
  }
  const edits = textEditsOf(action.edit, (uri, range) => view.span(uri, range));
  const texts = new Map<string, string>();
  for (const edit of edits) {
    const text = view.lines(edit.path)?.text;
    if (text !== undefined) texts.set(edit.path, text);
  }
  return { title: found.offered.title, kind: found.offered.kind, edits, texts, ...(creates.length > 0 ? { creates } : {}) };
}

async function listActions(view: CallContext, query: CodeActionQuery): Promise<{ listed: Listed[]; clientOnly: string[] }> {
  const { path } = query;
  const fixes = query.kinds.some((k) => k === 'quickfix' || k === 'source.fixAll');
  // Before the document is opened here: a server that clears a closed document's diagnostics
  // (clangd) must not be closed under by the fresh opening they are read from.
  const context = fixes ? contextDiagnostics(view, query, await serverDiagnostics(view, path)) : [];
  await view.live.sync.ensureOpen(path);
  const answer = await navigationRequest(view, CodeActionRequest.type, 'codeActionProvider', {
    textDocument: { uri: uriOf(path) },
    range: view.range(path, { start: query.start, length: query.end - query.start }),
    context: { diagnostics: context, only: onlyKinds(view, query.kinds), triggerKind: CodeActionTriggerKind.Invoked },
  });
  const codes = new Set(context.map((d) => codeOf(d.code)));
  const contextCode = codes.size === 1 ? [...codes][0] : undefined;
  const resolvable = isResolvable(view);
  const listed: Listed[] = [];
  const clientOnly: string[] = [];
  const seen = new Map<string, number>();
  for (const item of answer ?? []) {
    if (isCommand(item)) {
      clientOnly.push(item.title);
      continue;
    }
    if (item.disabled !== undefined) continue;
    if (item.edit === undefined && !(resolvable && item.data !== undefined)) {
      clientOnly.push(item.title);
      continue;
    }
    const own = item.diagnostics?.[0];
    const kind = kindOf(view, item);
    const key = JSON.stringify([kind, item.title]);
    const nth = seen.get(key) ?? 0;
    seen.set(key, nth + 1);
    // A fix without diagnostics of its own is for the context's (a server's source.fixAll is of every code: none).
    const code = own === undefined ? ((item.kind ?? 'quickfix') === 'quickfix' ? contextCode : undefined) : codeOf(own.code);
    const lines = view.lines(path);
    const at = own === undefined || lines === undefined ? undefined : spanOfRange(lines, own.range).start;
    listed.push({
      action: item,
      offered: {
        ref: JSON.stringify([kind, item.title, nth]),
        title: item.title,
        kind,
        ...(code === undefined ? {} : { code }),
        ...(at === undefined ? {} : { at }),
        ...(item.isPreferred === true ? { preferred: true } : {}),
      },
    });
  }
  return { listed, clientOnly };
}

/** The server's diagnostics the range touches, of the code asked for: the context its fixes are for. */
function contextDiagnostics(view: CallContext, query: CodeActionQuery, diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const lines = view.lines(query.path);
  if (lines === undefined) return [];
  return diagnostics.filter(
    (d) => touchesRange(spanOfRange(lines, d.range), query.start, query.end) && (query.code === undefined || codeOf(d.code) === query.code),
  );
}

/** The kinds asked of the server: of TypeScript's native server, its quick fixes too for the fixes of all of a code (see `kindOf`). */
function onlyKinds(view: CallContext, kinds: readonly string[]): string[] {
  const tsgo = view.typescript?.native === true;
  return tsgo && kinds.includes('source.fixAll') && !kinds.includes('quickfix') ? [...kinds, 'quickfix'] : [...kinds];
}

/**
 * An action's kind. TypeScript's native server gives the fix of all of one code in a file as a
 * quick fix without diagnostics of its own (its single fixes name theirs): it is a `source.fixAll`.
 */
function kindOf(view: CallContext, action: CodeAction): string {
  const kind = action.kind ?? ((action.diagnostics ?? []).length > 0 ? 'quickfix' : 'refactor');
  if (view.typescript?.native === true && kind === 'quickfix' && (action.diagnostics ?? []).length === 0) return 'source.fixAll';
  return kind;
}

/** A numeric code (`"2304"` or `2304`) is a number, as the port reports diagnostic codes. */
function codeOf(code: Diagnostic['code']): number | string | undefined {
  if (typeof code === 'string' && /^\d+$/.test(code)) return Number(code);
  return code;
}

function isCommand(item: Command | CodeAction): item is Command {
  return typeof (item as { command?: unknown }).command === 'string';
}

function isResolvable(view: CallContext): boolean {
  const provider = view.live.server.capabilities.codeActionProvider;
  return typeof provider === 'object' && provider.resolveProvider === true;
}
