import { toolError, type ToolError } from '../errors/bridge-error.js';
import { ErrorCode } from '../errors/error-codes.js';
import type { CodeActionItem, CodeActionsInput, CodeActionsResult } from '../model/code-actions.js';
import type { Signal } from '../model/signal.js';
import type { OfferedAction } from '../ports/code-actions.js';
import type { QueryScope } from '../ports/symbol-index.js';
import { encodeActionId, textHash } from '../rules/action-ids.js';
import { quoted } from '../rules/brief-text.js';
import {
  ACTION_KINDS,
  actionRank,
  defaultKinds,
  diagnosticCode,
  isActionKind,
  isOfferedKind,
  kindWithin,
} from '../rules/code-action-kinds.js';
import { displayPath } from '../rules/paths.js';
import { formatDiagnosticCode } from '../rules/severity.js';
import { applyCodeAction } from './apply-code-action.js';
import { settingsFor } from './format-file.js';
import { guard } from './guard.js';
import { lineRange } from './line-range.js';
import type { BridgePorts } from './ports.js';
import { openSource } from './resolve-target.js';
import { CODE_ACTIONS } from '../catalogue/operation-names.js';

/** Actions one listing shows at most; past them the answer says it was cut. */
export const MAX_ACTIONS = 100;

/**
 * The fixes, refactorings and file actions the file's compiler or language server offers over
 * a place in a file, each with an id that applies it (`actionId`) while the file is unchanged.
 */
export function codeActions(ports: BridgePorts, input: CodeActionsInput, signal: Signal): Promise<CodeActionsResult | ToolError> {
  return guard(signal, async () => {
    if (input.actionId !== undefined) return applyCodeAction(ports, input, input.actionId, signal);
    const kind = input.kind;
    if (kind !== undefined && !isActionKind(kind)) {
      return toolError(
        ErrorCode.INVALID_INPUT,
        `Unknown kind ${quoted(kind)}`,
        `Pass kind as one of ${ACTION_KINDS.map((k) => `"${k}"`).join(', ')}, or omit it for fixes and refactorings.`,
      );
    }
    if (input.filePath === undefined) {
      return toolError(
        ErrorCode.INVALID_INPUT,
        'filePath is required to list actions',
        'Pass filePath (and a line), or an actionId to apply.',
      );
    }
    const source = await openSource(ports, input.workspaceRoot, input.filePath, signal);
    if ('success' in source) return source;
    const { root, path, scope, text, lines } = source;
    const range = lineRange(lines, input);
    if ('success' in range) return range;

    // A code asks for the fixes of its diagnostics: quick fixes and the fixes of all of it.
    const kinds = kind !== undefined ? [kind] : input.code !== undefined ? defaultKinds(false) : defaultKinds(range.atLine);
    const code = input.code === undefined ? undefined : diagnosticCode(input.code);
    const settings = await settingsFor(ports, path, text, signal);
    const answer = await ports.symbols.codeActions(scope, { path, start: range.start, end: range.end, kinds, code, settings });
    if (answer.text !== text) {
      return toolError(
        ErrorCode.FILE_CHANGED,
        `${displayPath(root, path)} changed while its actions were computed`,
        `Call ${CODE_ACTIONS} again: the next call sees the file as it is now.`,
      );
    }
    const wanted = answer.actions.filter(
      (a) =>
        kinds.some((k) => kindWithin(a.kind, k)) &&
        isOfferedKind(a.kind) &&
        (code === undefined || (a.code !== undefined && formatDiagnosticCode(a.code) === formatDiagnosticCode(code))),
    );
    const listed = kind === 'source.fixAll' ? wanted : await withoutLoneFixAlls(ports, scope, path, wanted);
    const ranked = listed
      .map((action, i) => ({ action, i }))
      .sort(
        (a, b) =>
          actionRank(a.action.kind, a.action.preferred === true) - actionRank(b.action.kind, b.action.preferred === true) || a.i - b.i,
      )
      .map(({ action }) => action);
    const address = { file: displayPath(root, path), hash: textHash(text), start: range.start, end: range.end, kinds, code: input.code };
    const actions: CodeActionItem[] = ranked.slice(0, MAX_ACTIONS).map((action) => ({
      id: encodeActionId({ ...address, ref: action.ref }),
      title: action.title,
      kind: action.kind,
      ...(action.code === undefined ? {} : { code: formatDiagnosticCode(action.code) }),
      ...(action.at === undefined ? {} : { line: lines.positionOf(action.at).line }),
      ...(action.preferred === true ? { preferred: true as const } : {}),
    }));
    return {
      success: true,
      filePath: address.file,
      actions,
      ...(ranked.length > MAX_ACTIONS ? { truncated: true as const } : {}),
      ...(answer.clientOnly.length > 0 ? { clientOnly: [...new Set(answer.clientOnly)] } : {}),
    };
  });
}

/**
 * A fix of all of one code is listed beside the quick fixes only when the file has that code
 * more than once (else it is the quick fix again); asked for by kind, it is always listed.
 */
async function withoutLoneFixAlls(ports: BridgePorts, scope: QueryScope, path: string, actions: OfferedAction[]): Promise<OfferedAction[]> {
  const fixAlls = actions.filter((a) => kindWithin(a.kind, 'source.fixAll') && a.code !== undefined);
  if (fixAlls.length === 0) return actions;
  const counts = new Map<string, number>();
  for (const record of await ports.symbols.diagnostics(scope, path)) {
    const key = formatDiagnosticCode(record.code);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return actions.filter((a) => !fixAlls.includes(a) || (counts.get(formatDiagnosticCode(a.code ?? '')) ?? 0) > 1);
}
