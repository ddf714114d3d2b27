import {
  CODE_ACTIONS,
  type CodeActionApplied,
  type CodeActionList,
  type CodeActionsInput,
  type CodeActionsResult,
} from '@mcp-lsp-bridge/domain/front';
import { renderDiagnosticItem } from './diagnostics.render.js';
import { newLines, plural } from './text.js';

/** A listing (each action with its id), or what applying one changed and the errors it added or removed. */
export function renderCodeActions(result: CodeActionsResult, args: Partial<CodeActionsInput> = {}): string {
  return 'actions' in result ? renderList(result, args) : renderApplied(result);
}

function renderList(result: CodeActionList, args: Partial<CodeActionsInput>): string {
  const where =
    args.line === undefined ? result.filePath : `${result.filePath}:${args.line}${args.endLine === undefined ? '' : `-${args.endLine}`}`;
  const lines =
    result.actions.length === 0
      ? [
          `No code actions at ${where}${args.code === undefined ? '' : ` for ${args.code}`}${args.kind === undefined ? '' : ` of kind ${args.kind}`}.`,
        ]
      : [
          `${plural(result.actions.length, 'action')} at ${where}; apply one with ${CODE_ACTIONS} { workspaceRoot, actionId } (dryRun to preview):`,
        ];
  for (const action of result.actions) {
    const facts = [
      action.kind,
      action.code,
      action.line === undefined ? undefined : `line ${action.line}`,
      action.preferred ? 'preferred' : undefined,
    ];
    lines.push(`- ${action.title} (${facts.filter((f) => f !== undefined).join(', ')})`, `  actionId: ${action.id}`);
  }
  if (result.truncated === true) lines.push('More actions were offered; pass a line, code or kind to narrow.');
  if (result.clientOnly !== undefined) lines.push(`Only an editor can run (not offered): ${result.clientOnly.join('; ')}`);
  return lines.join('\n');
}

function renderApplied(result: CodeActionApplied): string {
  const counts = `${plural(result.totalChanges, 'change')} in ${plural(result.filesModified.length, 'file')}`;
  const lines = [
    result.filesModified.length === 0
      ? `"${result.title}" changes nothing; nothing was written.`
      : result.applied
        ? `Applied "${result.title}": ${counts}. These files were changed on disk; re-read them before editing them:`
        : `Dry run: "${result.title}" would make ${counts}; nothing was written:`,
  ];
  for (const file of result.filesModified) {
    lines.push(`${file.filePath} (${plural(file.changeCount, 'change')})`);
    lines.push(...newLines(file.changes));
  }
  if (result.fixedDiagnostics.length > 0) {
    lines.push(
      `Fixes ${plural(result.fixedDiagnostics.length, 'error')}: ${result.fixedDiagnostics.map((d) => `${d.filePath}:${d.line} ${d.code}`).join(', ')}.`,
    );
  }
  const introduced = result.introducedDiagnostics;
  if (introduced.length === 0) lines.push('Adds no errors.');
  else {
    lines.push(`Adds ${plural(introduced.length, 'error')}:`);
    for (const d of introduced) lines.push(...renderDiagnosticItem(d));
  }
  return lines.join('\n');
}
