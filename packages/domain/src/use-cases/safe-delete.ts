import { toolError, type ToolError } from '../errors/bridge-error.js';
import { ErrorCode } from '../errors/error-codes.js';
import type { SafeDeleteInput } from '../model/inputs.js';
import type { PublicApiItem, SafeDeleteResult } from '../model/results.js';
import type { Signal } from '../model/signal.js';
import type { ImportBinding } from '../ports/source-syntax.js';
import type { QueryScope, SourceSpan } from '../ports/symbol-index.js';
import { introducedBy } from '../rules/diagnostic-delta.js';
import { displayPath, isExternalPath } from '../rules/paths.js';
import { publicApiItems } from '../rules/public-api.js';
import { formatDiagnosticCode } from '../rules/severity.js';
import { spanKey } from '../rules/spans.js';
import { LineIndex } from '../rules/text-positions.js';
import { merged, wholeLines, type Range } from '../rules/deleted-lines.js';
import { OUTSIDE_BUILD_CAUSES } from '../rules/server-failures.js';
import { guard } from './guard.js';
import type { BridgePorts } from './ports.js';
import { replacementSyntax } from './replacement-syntax.js';
import { resolvePositionQuery } from './resolve-address.js';
import { plannedAfresh } from './write-attempts.js';
import { CHECK_EDITS, SAFE_DELETE } from '../catalogue/operation-names.js';

/** Uses a refusal lists (the message says how many there are). */
const LISTED_USES = 10;

/**
 * Deletes a symbol that nothing uses: every declaration of it (doc comment included) and the
 * imports only it used, all or nothing, after checking that the file still parses and that no
 * file of the project gains an error. Refused, listing the uses, while anything still uses it.
 */
export function safeDelete(ports: BridgePorts, input: SafeDeleteInput, signal: Signal): Promise<SafeDeleteResult | ToolError> {
  return plannedAfresh(() => deleteOnce(ports, input, signal));
}

function deleteOnce(ports: BridgePorts, input: SafeDeleteInput, signal: Signal): Promise<SafeDeleteResult | ToolError> {
  return guard(signal, async () => {
    const query = await resolvePositionQuery(ports, input, signal);
    if ('success' in query) return query;
    const { root, scope, target } = query;
    const { path, text } = target;
    const file = displayPath(root, path);
    const name = target.identifier.text;
    const at = { path, offset: target.identifier.start };
    const declarations = await ports.symbols.definitions(scope, at);
    const elsewhere = declarations.filter((d) => d.path !== path);
    if (declarations.length === 0 || declarations.some((d) => isExternalPath(root, d.path)))
      return toolError(ErrorCode.SYMBOL_NOT_RENAMEABLE, `${name} is not declared in the workspace's own code: nothing here can delete it`);
    if (elsewhere.length > 0)
      return refused(`${name} is also declared in ${[...new Set(elsewhere.map((d) => displayPath(root, d.path)))].join(', ')}`);

    const syntax = await replacementSyntax(ports, scope, path, text, file, { tool: SAFE_DELETE, what: 'a deletion' });
    if ('success' in syntax) return syntax;
    const ranges: Range[] = [];
    const declared: Range[] = [];
    for (const declaration of declarations) {
      const shape = await syntax.declarationAt(text, declaration.start);
      if (shape === undefined)
        return refused(`no declaration of ${name} could be read at line ${target.lines.positionOf(declaration.start).line}`);
      declared.push({ start: shape.docComment?.start ?? shape.start, end: shape.end });
      ranges.push(wholeLines(text, { start: shape.docComment?.start ?? shape.start, end: shape.end }));
    }
    const inside = (span: SourceSpan): boolean => span.path === path && ranges.some((r) => r.start <= span.start && span.start < r.end);

    const own = new Set(declarations.map(spanKey));
    const answer = await ports.symbols.references(scope, at);
    const uses = answer.references.filter((r) => !own.has(spanKey(r)) && !inside(r));
    if (uses.length > 0) return inUse(root, scope, ports, name, uses);
    // A use in a file another build compiles (Go: `x_windows.go`): deleting the symbol breaks that build.
    if ((answer.outsideBuild?.length ?? 0) > 0) return inUse(root, scope, ports, name, answer.outsideBuild ?? [], 'outside-build');
    // `export *` names no symbol, so no reference shows it: a package's public API is asked for.
    const exported = publicApiItems(root, await ports.symbols.publicExports(scope, declarations));
    if (exported.length > 0) return publicApi(name, exported);

    const imports = await unusedImports(ports, scope, path, text, ranges, inside);
    const removals = merged([...ranges, ...imports.map((b) => b.range)]);
    const newText = removals.reduceRight((t, r) => t.slice(0, r.start) + t.slice(r.end), text);

    const newSyntaxErrors = introducedBy(await syntax.syntaxErrors(text), await syntax.syntaxErrors(newText));
    if (newSyntaxErrors.length > 0)
      return refused(
        `removing it would not leave ${file} parsing (${newSyntaxErrors[0]?.message ?? ''}): it shares its statement with another declaration`,
      );
    const checked = await ports.symbols.simulateEdits(scope, {
      overlay: new Map([[path, newText]]),
      before: [],
      after: [],
      files: [path],
      dependents: true,
    });
    const broken = [...checked.errorsAfter.entries()].flatMap(([p, after]) => introducedBy(checked.errorsBefore.get(p) ?? [], after));
    if (broken.length > 0) {
      const lines = new LineIndex(newText);
      const shown = broken
        .slice(0, 3)
        .map(
          (e) =>
            `${displayPath(root, e.path)}${e.path === path ? `:${lines.positionOf(e.start).line}` : ''} ${formatDiagnosticCode(e.code)} ${e.message}`,
        );
      return refused(`removing it would add ${broken.length} error${broken.length === 1 ? '' : 's'}: ${shown.join('; ')}`);
    }

    const dryRun = input.dryRun === true;
    if (!dryRun) await ports.writer.writeAll(root, [{ path, expectedText: text, newText }], signal);
    const lines = target.lines;
    return {
      success: true,
      symbolName: name,
      filePath: file,
      // The lines of the declarations themselves: the blank line removed with one is not one of its lines.
      removed: declared.map((r) => ({
        startLine: lines.positionOf(r.start).line,
        endLine: lines.positionOf(Math.max(r.start, r.end - 1)).line,
      })),
      importsRemoved: imports.map((b) => b.name),
      applied: !dryRun,
    };
  });
}

/**
 * The imports of the file that only the deleted code used: a name it spells that an import of
 * the file binds, and that nothing outside the deleted ranges refers to. Whole statements go
 * when every name they bind goes.
 */
async function unusedImports(
  ports: BridgePorts,
  scope: QueryScope,
  path: string,
  text: string,
  ranges: readonly Range[],
  inside: (span: SourceSpan) => boolean,
): Promise<{ name: string; range: Range }[]> {
  const bindings = ports.syntax.importBindings?.(path, text) ?? [];
  if (bindings.length === 0) return [];
  const spelled = new Set<string>();
  for (const r of ranges) for (const id of await ports.symbols.identifiersIn(scope, path, r.start, r.end)) spelled.add(id.text);
  const unused: ImportBinding[] = [];
  for (const binding of bindings.filter((b) => spelled.has(b.name))) {
    const references = (await ports.symbols.references(scope, { path, offset: binding.start })).references;
    // Only this file's uses count: the import binds the name here, whoever else uses what it imports.
    const usedElsewhere = references.some((r) => r.path === path && r.start !== binding.start && !inside(r));
    if (!usedElsewhere) unused.push(binding);
  }
  return unused.map((b) => {
    const all = bindings.filter((other) => other.statement.start === b.statement.start);
    const whole = all.every((other) => unused.includes(other));
    return { name: b.name, range: whole ? b.statement : b.alone };
  });
}

async function inUse(
  root: string,
  scope: QueryScope,
  ports: BridgePorts,
  name: string,
  uses: readonly SourceSpan[],
  where: 'build' | 'outside-build' = 'build',
): Promise<ToolError> {
  const places: string[] = [];
  for (const use of uses.slice(0, LISTED_USES)) {
    const text = await ports.symbols.sourceText(scope, use.path);
    const at = text === undefined ? undefined : new LineIndex(text).positionOf(use.start);
    places.push(at === undefined ? displayPath(root, use.path) : `${displayPath(root, use.path)}:${at.line}:${at.column}`);
  }
  const more = uses.length > LISTED_USES ? ` and ${uses.length - LISTED_USES} more` : '';
  const count = `${uses.length} place${uses.length === 1 ? '' : 's'}`;
  if (where === 'outside-build')
    return toolError(
      ErrorCode.SYMBOL_IN_USE,
      `${name} is spelled in ${count} of files that the language server's build leaves out (${OUTSIDE_BUILD_CAUSES}), where it may be used: ${places.join(', ')}${more}. Deleting it would break that build. Nothing was written.`,
      `Remove or replace those uses first (or give what they name a name of its own), then call ${SAFE_DELETE} again.`,
    );
  return toolError(ErrorCode.SYMBOL_IN_USE, `${name} is still used in ${count}: ${places.join(', ')}${more}. Nothing was written.`);
}

function publicApi(name: string, exported: readonly PublicApiItem[]): ToolError {
  const where = exported.map((e) => `${e.package} "${e.entryPoint}" as ${e.exportedName}`).join(', ');
  return toolError(
    ErrorCode.SYMBOL_IN_USE,
    `${name} is part of the public API: exported by ${where}, so code outside this workspace may use it. Nothing was written.`,
    `If no consumer of the package needs it any more (removing it is a breaking change for them), delete it with ${CHECK_EDITS} (the text to remove as oldText, an empty newText); nothing was written.`,
  );
}

function refused(why: string): ToolError {
  return toolError(
    ErrorCode.INVALID_REPLACEMENT,
    `Cannot delete it safely: ${why}. Nothing was written.`,
    `Delete it with ${CHECK_EDITS} (the text to remove as oldText, an empty newText), which shows what breaks first.`,
  );
}
