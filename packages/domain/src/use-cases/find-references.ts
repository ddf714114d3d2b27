import type { ToolError } from '../errors/bridge-error.js';
import type { FindReferencesInput } from '../model/inputs.js';
import { boundedInput, INPUT_BOUNDS } from '../rules/input-bounds.js';
import type { FileFailureItem, FindReferencesResult, ReferenceItem } from '../model/results.js';
import type { Signal } from '../model/signal.js';
import type { SourceSpan } from '../ports/symbol-index.js';
import { applyLimit, compareReferences, compareStrings } from '../rules/ordering.js';
import { unreachedPackages } from '../rules/package-reach.js';
import { displayPath, isDependencyPath, isWorkspaceSource } from '../rules/paths.js';
import { spanKey } from '../rules/spans.js';
import { OUTSIDE_BUILD_CAUSES } from '../rules/server-failures.js';
import { guard } from './guard.js';
import type { BridgePorts } from './ports.js';
import { resolvePositionQuery } from './resolve-address.js';
import { SourceTexts } from './source-texts.js';

/** FS-001.1: every reference to the symbol at a position, declarations first. */
export function findReferences(ports: BridgePorts, input: FindReferencesInput, signal: Signal): Promise<FindReferencesResult | ToolError> {
  return guard(signal, async () => {
    const limit = boundedInput(INPUT_BOUNDS.referenceLimit, input.limit);
    if (typeof limit !== 'number') return limit;
    const query = await resolvePositionQuery(ports, input, signal);
    if ('success' in query) return query;
    const { root, scope, target } = query;
    const path = target.path;

    const at = { path, offset: target.identifier.start };
    const answer = await ports.symbols.references(scope, at);
    // One rule for every backend: a reference is a declaration when it is one of the declarations
    // of the symbol asked about (its overloads and merged declarations), else a usage; the
    // declarations of other symbols it relates to (implementations of an interface member) are usages.
    const definitions = await ports.symbols.definitions(scope, at);
    const declarations = new Set(definitions.map(spanKey));
    const includeNodeModules = input.includeNodeModules ?? false;
    const texts = new SourceTexts(ports.symbols, scope);
    texts.seed(path, target.lines);
    const references: ReferenceItem[] = [];
    const unreached = unreachedPackages(answer.packages);
    const failures: FileFailureItem[] = [
      ...answer.failures.filter((f) => !unreached.some((pkg) => pkg.packageDir === f.path)),
      ...unreached.map((pkg) => ({ path: pkg.packageDir, reason: pkg.reason })),
    ].map((f) => ({ filePath: displayPath(root, f.path), reason: f.reason }));
    const seen = new Set<string>();
    const spans = [
      ...answer.references,
      ...(await ownDeclarationsLeftOut(
        texts,
        definitions.filter((d) => isWorkspaceSource(root, d.path)),
        answer.references,
        target.identifier.text,
      )),
    ];
    for (const span of spans) {
      if (!includeNodeModules && isDependencyPath(root, span.path)) continue;
      const key = spanKey(span);
      if (seen.has(key)) continue;
      seen.add(key);
      const placed = await texts.place(span);
      if (placed === undefined) {
        addFailure(failures, displayPath(root, span.path), 'the file could not be read to place a reference');
        continue;
      }
      references.push({
        filePath: displayPath(root, span.path),
        line: placed.start.line,
        column: placed.start.column,
        codeSnippet: placed.codeSnippet,
        referenceType: declarations.has(key) ? 'declaration' : 'usage',
      });
    }
    for (const [file, lines] of await linesByFile(texts, answer.outsideBuild ?? []))
      addFailure(failures, displayPath(root, file), outsideBuildReason(target.identifier.text, lines));
    references.sort(compareReferences);
    const limited = applyLimit(references, limit);
    return {
      success: true,
      symbolName: target.identifier.text,
      references: limited.items,
      totalCount: limited.totalCount,
      // Counted before the limit: the summary says where every reference is, not only the listed ones.
      fileCount: new Set(references.map((r) => r.filePath)).size,
      truncated: limited.truncated,
      ...(failures.length > 0 ? { failures: failures.sort((a, b) => compareStrings(a.filePath, b.filePath)) } : {}),
    };
  });
}

/**
 * The symbol's own declarations (its definitions spelled like its name) that the service's search
 * left out: TypeScript's search from `function create` omits that declaration once a property is
 * assigned to the function through `module.exports = create; module.exports.version = …`.
 */
async function ownDeclarationsLeftOut(
  texts: SourceTexts,
  definitions: readonly SourceSpan[],
  references: readonly SourceSpan[],
  name: string,
): Promise<SourceSpan[]> {
  const found = new Set(references.map(spanKey));
  const left: SourceSpan[] = [];
  for (const definition of definitions) {
    if (found.has(spanKey(definition))) continue;
    const text = (await texts.lines(definition.path))?.text;
    if (text?.slice(definition.start, definition.start + definition.length) === name) left.push(definition);
  }
  return left;
}

/** The lines each file spells a name on, in order, once each. */
async function linesByFile(texts: SourceTexts, spans: readonly SourceSpan[]): Promise<Map<string, number[]>> {
  const found = new Map<string, number[]>();
  for (const span of spans) {
    const line = (await texts.place(span))?.start.line;
    const lines = found.get(span.path) ?? [];
    if (line !== undefined && !lines.includes(line)) lines.push(line);
    found.set(span.path, lines);
  }
  for (const lines of found.values()) lines.sort((a, b) => a - b);
  return found;
}

/**
 * Why a file the language server's build leaves out was not searched, with where it spells the
 * name: its names there may be uses under the build it is part of.
 */
function outsideBuildReason(name: string, lines: readonly number[]): string {
  const where = lines.length === 0 ? '' : ` (it spells "${name}" on line${lines.length === 1 ? '' : 's'} ${lines.join(', ')})`;
  return `the language server's build leaves it out (${OUTSIDE_BUILD_CAUSES}), so it was not searched and its names may be uses${where}`;
}

function addFailure(failures: FileFailureItem[], filePath: string, reason: string): void {
  if (!failures.some((f) => f.filePath === filePath)) failures.push({ filePath, reason });
}
