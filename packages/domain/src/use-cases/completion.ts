import type { ToolError } from '../errors/bridge-error.js';
import { MAX_COMPLETION_DETAILS, type CompletionInput } from '../model/inputs.js';
import type { CompletionItem, CompletionResult, SignatureHelpItem } from '../model/results.js';
import type { Signal } from '../model/signal.js';
import type { CompletionDetail, CompletionEntry, SignatureHelpAnswer } from '../ports/completions.js';
import { firstParagraph, oneLine, rankCompletions, writtenPrefix } from '../rules/completion-ranking.js';
import { INPUT_BOUNDS, boundedInput } from '../rules/input-bounds.js';
import { displayPath } from '../rules/paths.js';
import { guard } from './guard.js';
import type { BridgePorts } from './ports.js';
import { invalidPosition, openSource } from './resolve-target.js';

/**
 * What can be written at a cursor: the names the language service offers there, filtered by
 * the prefix (the one given, else the part of a name already written), ranked, cut to `limit`,
 * the first MAX_COMPLETION_DETAILS with their type or signature; and, inside a call's
 * arguments, that call's signatures with the active one and the active parameter.
 */
export function completion(ports: BridgePorts, input: CompletionInput, signal: Signal): Promise<CompletionResult | ToolError> {
  return guard(signal, async () => {
    const limit = boundedInput(INPUT_BOUNDS.completionLimit, input.limit);
    if (typeof limit !== 'number') return limit;
    const source = await openSource(ports, input.workspaceRoot, input.filePath, signal);
    if ('success' in source) return source;
    const { root, path, scope, text, lines } = source;
    const offset = lines.offsetOf({ line: input.line, column: input.column });
    if (offset === undefined) return invalidPosition(lines, input.line, input.column);
    const at = { path, offset };

    const prefix = input.prefix ?? writtenPrefix(text, offset);
    const answer = await ports.symbols.completions(scope, at);
    const ranked = rankCompletions(answer.entries, prefix);
    const listed = ranked.slice(0, limit);
    const detailed = listed.slice(0, MAX_COMPLETION_DETAILS).filter((entry) => entry.detail === undefined);
    const details =
      detailed.length === 0
        ? []
        : await ports.symbols.completionDetails(
            scope,
            at,
            detailed.map((e) => e.ref),
          );
    const detailOf = new Map(detailed.map((entry, i) => [entry, details[i]]));
    const signatures = await ports.symbols.signatureHelp(scope, at);
    return {
      success: true,
      filePath: displayPath(root, path),
      line: input.line,
      column: input.column,
      prefix,
      completions: listed.map((entry) => itemOf(entry, detailOf.get(entry))),
      totalCount: ranked.length,
      truncated: ranked.length > listed.length,
      ...(answer.incomplete ? { incomplete: true as const } : {}),
      ...(signatures === undefined || signatures.signatures.length === 0 ? {} : { signatureHelp: signatureHelpOf(signatures) }),
    };
  });
}

function itemOf(entry: CompletionEntry, detail: CompletionDetail | undefined): CompletionItem {
  const type = detail?.signature ?? entry.detail;
  const shown = type === undefined ? '' : oneLine(type);
  return {
    name: entry.name,
    kind: entry.kind,
    ...(shown === '' ? {} : { type: shown }),
    ...(entry.source === undefined || entry.source === '' ? {} : { source: entry.source }),
  };
}

/** The service's signatures, each on one line, the active ones clamped to what is listed. */
function signatureHelpOf(answer: SignatureHelpAnswer): SignatureHelpItem {
  const activeSignature = clamp(answer.activeSignature, answer.signatures.length);
  const active = answer.signatures[activeSignature];
  const activeParameter = active?.activeParameter ?? answer.activeParameter;
  return {
    signatures: answer.signatures.map((s) => {
      const documentation = s.documentation === undefined ? '' : firstParagraph(s.documentation);
      return {
        label: oneLine(s.label),
        parameters: s.parameters.map((p) => oneLine(p.label)),
        ...(documentation === '' ? {} : { documentation }),
      };
    }),
    activeSignature,
    activeParameter: clamp(activeParameter, active?.parameters.length ?? 0),
  };
}

/** An index within [0, count): servers send out-of-range indexes (a rest parameter, an argument too many). */
function clamp(index: number, count: number): number {
  return Math.max(0, Math.min(index, count - 1));
}
