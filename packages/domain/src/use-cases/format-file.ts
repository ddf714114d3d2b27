import { toolError, type ToolError } from '../errors/bridge-error.js';
import { ErrorCode } from '../errors/error-codes.js';
import type { FormatFileInput, FormatFileResult } from '../model/code-actions.js';
import type { Signal } from '../model/signal.js';
import type { FormatSettings } from '../ports/code-actions.js';
import { AnswerBudget } from '../rules/answer-size.js';
import { formatSettings } from '../rules/format-settings.js';
import { displayPath } from '../rules/paths.js';
import { applyEdits } from '../rules/text-edits.js';
import { guard } from './guard.js';
import { lineRange } from './line-range.js';
import type { BridgePorts } from './ports.js';
import { openSource } from './resolve-target.js';

/**
 * Formats a file, or whole lines of it, with its language's formatter and the project's
 * settings (`.editorconfig`; clangd reads `.clang-format`, gopls is gofmt), and writes it
 * (unless a dry run) from the exact text the edits were computed from.
 */
export function formatFile(ports: BridgePorts, input: FormatFileInput, signal: Signal): Promise<FormatFileResult | ToolError> {
  return guard(signal, async () => {
    const source = await openSource(ports, input.workspaceRoot, input.filePath, signal);
    if ('success' in source) return source;
    const { root, path, scope, text } = source;
    const range = lineRange(source.lines, { line: input.line, endLine: input.endLine });
    if ('success' in range) return range;
    const settings = await settingsFor(ports, path, text, signal);
    const answer = await ports.symbols.formatEdits(scope, {
      path,
      ...(range.atLine ? { range: { start: range.start, end: range.end } } : {}),
      settings,
    });
    const file = displayPath(root, path);
    const edits = answer.edits.filter((e) => answer.text.slice(e.start, e.start + e.length) !== e.newText);
    const applied = applyEdits(answer.text, edits);
    if (!applied.ok) {
      return toolError(
        ErrorCode.LANGUAGE_SERVER_ERROR,
        `The formatter's edits do not fit ${file} (${applied.reason}). Nothing was changed.`,
      );
    }
    const changed = applied.text !== answer.text;
    if (changed && input.dryRun !== true) {
      await ports.writer.writeAll(root, [{ path, expectedText: answer.text, newText: applied.text }], signal);
    }
    const budget = new AnswerBudget();
    const changes = budget.takeAll(applied.lineChanges.filter((c) => c.oldText !== c.newText));
    return {
      success: true,
      filePath: file,
      changeCount: edits.length,
      changes,
      ...(budget.exhausted ? { truncated: true as const } : {}),
      applied: changed && input.dryRun !== true,
    };
  });
}

/** The layout a file is formatted with (and code actions insert code with): its `.editorconfig`, else what the file does. */
export async function settingsFor(ports: BridgePorts, path: string, text: string, signal: Signal): Promise<FormatSettings> {
  return formatSettings((await ports.editorSettings?.propertiesOf(path, signal)) ?? {}, text);
}
