import {
  COMPLETION_KINDS,
  type CompletionAnswer,
  type CompletionDetail,
  type CompletionEntry,
  type FileOffset,
  type SignatureHelpAnswer,
} from '@mcp-lsp-bridge/domain';
import {
  CompletionRequest,
  CompletionResolveRequest,
  CompletionTriggerKind,
  SignatureHelpRequest,
  SignatureHelpTriggerKind,
  type CompletionItem,
  type MarkupContent,
  type ParameterInformation,
  type SignatureHelp,
} from 'vscode-languageserver-protocol/node';
import type { CallContext } from '../call-context.js';
import { uriOf } from '../convert/uris.js';
import { splitHover } from './hover.js';
import { navigationRequest } from './requests.js';

/** The server's `textDocument/completion` at `at`, every item; refused naming the server when it has none. */
export async function completionsAt(ctx: CallContext, at: FileOffset): Promise<CompletionAnswer> {
  await ctx.live.sync.ensureOpen(at.path);
  const answer = await navigationRequest(ctx, CompletionRequest.type, 'completionProvider', {
    textDocument: { uri: uriOf(at.path) },
    position: ctx.position(at.path, at.offset),
    context: { triggerKind: CompletionTriggerKind.Invoked },
  });
  if (answer === null) return { entries: [], incomplete: false };
  const items = Array.isArray(answer) ? answer : answer.items;
  return { entries: items.map(entryOf), incomplete: !Array.isArray(answer) && answer.isIncomplete };
}

/**
 * Each item's signature and documentation: `completionItem/resolve` when the server offers it
 * (the item travels in its ref, as the server sent it: its `data` is what finds it again), else
 * what the item says itself.
 */
export async function completionDetailsOf(ctx: CallContext, refs: readonly string[]): Promise<(CompletionDetail | undefined)[]> {
  const resolves = ctx.live.server.capabilities.completionProvider?.resolveProvider === true;
  const details: (CompletionDetail | undefined)[] = [];
  for (const ref of refs) {
    const item = JSON.parse(ref) as CompletionItem;
    const resolved = resolves ? await ctx.live.server.request(CompletionResolveRequest.type, item, ctx.signal) : item;
    details.push(detailOf(resolved));
  }
  return details;
}

/** The server's `textDocument/signatureHelp` at `at`; `undefined` outside a call or from a server without it. */
export async function signatureHelpAt(ctx: CallContext, at: FileOffset): Promise<SignatureHelpAnswer | undefined> {
  // Completion is still worth answering from a server that has no signature help: no refusal here.
  if (ctx.live.server.capabilities.signatureHelpProvider === undefined) return undefined;
  await ctx.live.sync.ensureOpen(at.path);
  const help: SignatureHelp | null = await ctx.live.server.request(
    SignatureHelpRequest.type,
    {
      textDocument: { uri: uriOf(at.path) },
      position: ctx.position(at.path, at.offset),
      context: { triggerKind: SignatureHelpTriggerKind.Invoked, isRetrigger: false },
    },
    ctx.signal,
  );
  if (help === null || help.signatures.length === 0) return undefined;
  const signatures = help.signatures.map((s) => ({
    label: s.label,
    parameters: (s.parameters ?? []).map((p) => ({ label: parameterLabel(s.label, p) })),
    ...documented(s.documentation),
    ...(s.activeParameter === undefined || s.activeParameter === null ? {} : { activeParameter: s.activeParameter }),
  }));
  return { signatures, activeSignature: help.activeSignature ?? 0, activeParameter: help.activeParameter ?? 0 };
}

/**
 * clangd labels an item with its signature (` add(int a, int b)`) and filters by the bare name
 * (`filterText`); the other servers label it with its name.
 */
function entryOf(item: CompletionItem): CompletionEntry {
  const label = item.label.trim();
  const filter = item.filterText?.trim();
  const name = filter !== undefined && filter !== '' && label.startsWith(filter) ? filter : label;
  const signature = label === name ? undefined : label;
  const detail = [item.detail?.trim(), signature].filter((part) => part !== undefined && part !== '').join(' ');
  return {
    name,
    kind: COMPLETION_KINDS[(item.kind ?? 1) - 1] ?? 'text',
    sortText: item.sortText ?? label,
    ...(detail === '' ? {} : { detail }),
    ref: JSON.stringify(item),
  };
}

/** A resolved item's signature: its detail, else the code fence of its documentation (pyright's). */
function detailOf(item: CompletionItem): CompletionDetail {
  const documentation = item.documentation;
  const split = documentation === undefined ? undefined : splitHover(documentation);
  const signature = item.detail?.trim() || split?.signature || undefined;
  return {
    ...(signature === undefined ? {} : { signature }),
    ...(split === undefined || split.documentation === '' ? {} : { documentation: split.documentation }),
  };
}

function parameterLabel(signature: string, parameter: ParameterInformation): string {
  return typeof parameter.label === 'string' ? parameter.label : signature.slice(parameter.label[0], parameter.label[1]);
}

function documented(documentation: string | MarkupContent | undefined): { documentation?: string } {
  const text = typeof documentation === 'string' ? documentation : (documentation?.value ?? '');
  return text.trim() === '' ? {} : { documentation: text.trim() };
}
