import type { ToolError } from '../errors/bridge-error.js';
import { bridgeErrorOf, toolError } from '../errors/bridge-error.js';
import { ErrorCode } from '../errors/error-codes.js';
import type { ReplaceSymbolBodyInput } from '../model/inputs.js';
import type { ReplaceSymbolBodyResult } from '../model/results.js';
import type { Signal } from '../model/signal.js';
import type { DeclarationShape } from '../ports/source-syntax.js';
import type { DiagnosticRecord, QueryScope } from '../ports/symbol-index.js';
import { displayPath } from '../rules/paths.js';
import { fitBody, fitNode, lineCount } from '../rules/replacement.js';
import { formatDiagnosticCode } from '../rules/severity.js';
import { LineIndex } from '../rules/text-positions.js';
import { diagnosticItem } from './get-diagnostics.js';
import { guard } from './guard.js';
import { Outlines, type NamedDeclaration } from './outlines.js';
import type { BridgePorts } from './ports.js';
import { nameOf, resolvePositionQuery } from './resolve-address.js';
import { replacementSyntax, type ReplacementSyntax } from './replacement-syntax.js';
import { SourceTexts } from './source-texts.js';
import { plannedAfresh } from './write-attempts.js';
import { introducedBy } from '../rules/diagnostic-delta.js';
import { DOCUMENT_SYMBOLS, GET_DIAGNOSTICS } from '../catalogue/operation-names.js';

interface Located {
  readonly shape: DeclarationShape;
  /** Where declarationAt finds it again after the edit (its name, or its start when nameless). */
  readonly anchor: number;
}

/**
 * Replaces a declaration's body (`replace-body`) or the whole declaration (`replace-node`)
 * on disk. The new text must parse as the construct it replaces; it is written with the
 * same all-or-nothing, freshness and boundary rules as a rename, and planned again when the
 * file changed before it could be written (`plannedAfresh`).
 */
export function replaceSymbolBody(
  ports: BridgePorts,
  input: ReplaceSymbolBodyInput,
  signal: Signal,
): Promise<ReplaceSymbolBodyResult | ToolError> {
  return plannedAfresh(() => replaceOnce(ports, input, signal));
}

function replaceOnce(ports: BridgePorts, input: ReplaceSymbolBodyInput, signal: Signal): Promise<ReplaceSymbolBodyResult | ToolError> {
  return guard(signal, async () => {
    const query = await resolvePositionQuery(ports, input, signal);
    if ('success' in query) return query;
    const { root, scope, target, outlines } = query;
    const { path, text } = target;
    const file = displayPath(root, path);
    const syntax = await replacementSyntax(ports, scope, path, text, file);
    if ('success' in syntax) return syntax;

    const located = await locate(ports, syntax, query.declarations, outlines, scope, path, text, target.identifier.start, input.mode);
    if ('success' in located) return located;
    const { shape, anchor } = located;
    if (input.replacement.trim() === '') return blankReplacement(input.mode, shape.body?.indented === true);
    let start: number;
    let end: number;
    let newPart: string;
    const tabs = ports.languages?.indentsWithTabs?.(root, path) === true;
    if (input.mode === 'replace-body') {
      if (shape.body === undefined) {
        return toolError(
          ErrorCode.INVALID_REPLACEMENT,
          `The ${shape.kind} "${target.identifier.text}" in ${file} has no body to replace`,
          'Use mode "replace-node" to replace the whole declaration.',
        );
      }
      ({ start, end } = shape.body);
      const { braced, indented } = shape.body;
      newPart = fitBody({ text, declarationStart: shape.start, braced, indented, bodyStart: start, tabs }, input.replacement);
    } else {
      ({ start, end } = shape);
      newPart = fitNode(text, shape.start, input.replacement, shape.body?.indented === true, tabs);
      // A replacement that brings its own doc comment replaces the old one too (the parser
      // says where that is: a `/**` in a line comment above is no doc comment).
      if (DOC_COMMENT_START.test(newPart)) start = shape.docComment?.start ?? start;
    }
    const newText = text.slice(0, start) + newPart + text.slice(end);
    const newEnd = start + newPart.length;

    const refusal = await checkReplacement(syntax, text, newText, {
      shape,
      anchor,
      start,
      newEnd,
      mode: input.mode,
      name: target.identifier.text,
      file,
    });
    if (refusal !== undefined) return refusal;

    const dryRun = input.dryRun === true;
    // A dry run shows the service the new text in memory; a real one writes it and asks again.
    const checked = dryRun ? await inMemoryErrors(ports, scope, path, newText) : undefined;
    const before = checked?.before ?? (await ports.symbols.diagnostics(scope, path));
    if (!dryRun) await ports.writer.writeAll(root, [{ path, expectedText: text, newText }], signal);

    // Once the file is written the answer is a success whatever else fails, since a CANCELLED or
    // LANGUAGE_SERVER_ERROR answer would say the disk still holds the old text.
    const lines = new LineIndex(newText);
    const declarationStart = input.mode === 'replace-node' ? start : shape.start;
    const declarationEnd = shape.end + (newEnd - end);
    const renamed = input.mode === 'replace-node' ? await syntax.declarationSpanning(newText, start, newEnd) : undefined;
    const written = {
      success: true,
      symbolName: renamed?.name ?? target.identifier.text,
      mode: input.mode,
      filePath: file,
      line: lines.positionOf(declarationStart).line,
      endLine: lines.positionOf(declarationEnd).line,
      linesRemoved: lineCount(text.slice(start, end)),
      linesAdded: lineCount(newPart),
      applied: !dryRun,
    } as const;
    try {
      const after = checked?.after ?? (await ports.symbols.diagnostics(scope, path));
      const texts = new SourceTexts(ports.symbols, scope);
      if (dryRun) texts.seed(path, lines);
      const introduced = [];
      for (const record of introducedBy(before, after)) introduced.push(await diagnosticItem(root, texts, record));
      // A dry run names the declaration as it is now; its node id changes only if replace-node renames it.
      const fresh = dryRun ? outlines : new Outlines(ports.symbols, scope);
      const declaration = await fresh.declarationAt(
        path,
        dryRun || input.mode !== 'replace-node' ? anchor : await nameOffset(ports, scope, path, start, renamed),
      );
      return {
        ...written,
        ...(declaration?.nodeId === undefined ? {} : { nodeId: declaration.nodeId }),
        introducedDiagnostics: introduced,
      };
    } catch (error) {
      if (dryRun) throw error;
      return { ...written, introducedDiagnostics: [], diagnosticsUnavailable: afterWriteFailure(signal, error) };
    }
  });
}

/** A `/**` that opens a doc comment (`/**\/` is an empty block comment). */
const DOC_COMMENT_START = /^\/\*\*(?!\/)/;

function blankReplacement(mode: ReplaceSymbolBodyInput['mode'], indented: boolean): ToolError {
  return mode === 'replace-body'
    ? toolError(
        ErrorCode.INVALID_REPLACEMENT,
        'The replacement is empty. Nothing was written.',
        `Pass the new body. To empty the body on purpose, pass "${indented ? 'pass' : '{}'}".`,
      )
    : toolError(
        ErrorCode.INVALID_REPLACEMENT,
        'The replacement is empty. Nothing was written.',
        'Pass the new declaration; to delete a declaration, edit the file directly.',
      );
}

/** Why the diagnostics after a completed write are missing from the answer. */
function afterWriteFailure(signal: Signal, error: unknown): string {
  const why = signal.aborted ? 'the call was cancelled after the file was written' : describeFailure(error);
  return `The file was written, but its diagnostics could not be computed afterwards (${why}). Call ${GET_DIAGNOSTICS} on the file to see them.`;
}

function describeFailure(error: unknown): string {
  const known = bridgeErrorOf(error);
  if (known !== undefined) return known.message;
  return error instanceof Error ? error.message : String(error);
}

/** The declaration the address names, as the parser sees it (the implementation of an overloaded function). */
async function locate(
  ports: BridgePorts,
  syntax: ReplacementSyntax,
  declarations: readonly NamedDeclaration[] | undefined,
  outlines: Outlines,
  scope: QueryScope,
  path: string,
  text: string,
  identifierStart: number,
  mode: ReplaceSymbolBodyInput['mode'],
): Promise<Located | ToolError> {
  const candidates = declarations ?? [await outlines.declarationAt(path, identifierStart)].filter((d) => d !== undefined);
  const shapes: Located[] = [];
  for (const declaration of candidates) {
    // Each overload has its own name; the outline may give later ones no name span.
    const own = await nameOf(ports.symbols, scope, path, text, declaration);
    for (const anchor of [own.start, declaration.symbol.start]) {
      const shape = await syntax.declarationAt(text, anchor);
      if (shape !== undefined) {
        shapes.push({ shape, anchor });
        break;
      }
    }
  }
  const chosen = shapes.find((s) => s.shape.body !== undefined) ?? shapes[0];
  if (chosen !== undefined) return chosen;
  const where = new LineIndex(text).positionOf(identifierStart);
  return toolError(
    ErrorCode.SYMBOL_NOT_FOUND,
    `No declaration ${mode === 'replace-body' ? 'with a body ' : ''}is named at line ${where.line}, column ${where.column} of ${outlines.relative(path)}`,
    `Address the declaration itself: its name in the file (symbol), its nodeId from ${DOCUMENT_SYMBOLS}, or the position of its name.`,
  );
}

interface Planned {
  readonly shape: DeclarationShape;
  readonly anchor: number;
  readonly start: number;
  readonly newEnd: number;
  readonly mode: ReplaceSymbolBodyInput['mode'];
  readonly name: string;
  readonly file: string;
}

/** Why the new text may not be written: new syntax errors, or not the construct it replaces. */
async function checkReplacement(syntax: ReplacementSyntax, text: string, newText: string, plan: Planned): Promise<ToolError | undefined> {
  const newErrors = introducedBy(await syntax.syntaxErrors(text), await syntax.syntaxErrors(newText));
  if (newErrors.length > 0) {
    const lines = new LineIndex(newText);
    const shown = newErrors.slice(0, 5).map((e) => {
      const at = lines.positionOf(e.start);
      // A server's syntax error may have no code (pyright's, gopls's): its source says who found it.
      const code = e.code === 0 ? (e.source ?? 'syntax') : formatDiagnosticCode(e.code);
      return `line ${at.line}, column ${at.column}: ${e.message} (${code})`;
    });
    return toolError(
      ErrorCode.INVALID_REPLACEMENT,
      `The replacement does not parse in ${plan.file}: ${shown.join('; ')}. Nothing was written.`,
      plan.mode === 'replace-body'
        ? plan.shape.body?.indented === true
          ? 'Pass only the body: the statements of the indented block under the header, with balanced brackets.'
          : 'Pass only the body: the statements (or members) that go between the braces, with balanced brackets.'
        : `Pass one complete ${plan.shape.kind} declaration, signature and body, with balanced brackets.`,
    );
  }
  if (plan.mode === 'replace-node') {
    const spanning = await syntax.declarationSpanning(newText, plan.start, plan.newEnd);
    if (spanning === undefined || spanning.kind !== plan.shape.kind) {
      const got = spanning === undefined ? 'not exactly one declaration' : `a ${spanning.kind}`;
      return toolError(
        ErrorCode.INVALID_REPLACEMENT,
        `The replacement for the ${plan.shape.kind} "${plan.name}" is ${got}. Nothing was written.`,
        `Pass exactly one ${plan.shape.kind} declaration; to add other declarations, edit the file directly.`,
      );
    }
    return undefined;
  }
  const after = await syntax.declarationAt(newText, plan.anchor);
  // An indented body written after a one-line header's `:` starts on the line break before it.
  const bodyStart = after?.body?.start ?? -1;
  const startsThere = bodyStart >= plan.start && newText.slice(plan.start, bodyStart).trim() === '';
  if (after?.kind !== plan.shape.kind || !startsThere || after.body?.end !== plan.newEnd) {
    return toolError(
      ErrorCode.INVALID_REPLACEMENT,
      `The replacement is not a body of the ${plan.shape.kind} "${plan.name}": it would change the code around it. Nothing was written.`,
      plan.shape.body?.indented === true
        ? 'Pass only the statements of the indented block, not a new header or code after it.'
        : 'Pass only what goes between the braces (or the whole block with its own braces).',
    );
  }
  return undefined;
}

/** The file's errors before and with `newText` shown to the service in memory (a dry run writes nothing). */
async function inMemoryErrors(
  ports: BridgePorts,
  scope: QueryScope,
  path: string,
  newText: string,
): Promise<{ before: readonly DiagnosticRecord[]; after: readonly DiagnosticRecord[] }> {
  const answer = await ports.symbols.simulateEdits(scope, { overlay: new Map([[path, newText]]), before: [], after: [], files: [path] });
  return { before: answer.errorsBefore.get(path) ?? [], after: answer.errorsAfter.get(path) ?? [] };
}

/** Where the name of a replaced declaration now is (its start when it has none). */
async function nameOffset(
  ports: BridgePorts,
  scope: QueryScope,
  path: string,
  start: number,
  shape: DeclarationShape | undefined,
): Promise<number> {
  if (shape?.name === undefined) return start;
  const names = await ports.symbols.identifiersIn(scope, path, shape.start, shape.end);
  return names.find((id) => id.text === shape.name)?.start ?? start;
}
