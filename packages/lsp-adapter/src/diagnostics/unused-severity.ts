import type { DiagnosticRecord } from '@mcp-lsp-bridge/domain';
import { INFERRED_OPTIONS } from '@mcp-lsp-bridge/ts-workspace';
import type ts from 'typescript';
import type { CallContext } from '../call-context.js';
import { governsAsParameter } from '../typescript/syntax.js';

/** TypeScript's unused-declaration diagnostics: errors under noUnusedLocals / noUnusedParameters, suggestions otherwise. */
const UNUSED_CODES: ReadonlySet<number> = new Set([6133, 6138, 6192, 6196, 6198, 6199, 6205]);
/** "All type parameters are unused": always the parameters' flag. */
const TYPE_PARAMETERS_UNUSED = 6205;

/**
 * TypeScript 7's native server reports an unused declaration as a warning where tsc reports an
 * error (the config turns its check on). The severity is decided here as the checker decides
 * it: a parameter or type parameter is governed by `noUnusedParameters`, anything else
 * (a parameter property included) by `noUnusedLocals`, as the project's config says.
 */
export function withUnusedSeverities(ctx: CallContext, path: string, records: DiagnosticRecord[]): DiagnosticRecord[] {
  if (ctx.typescript?.native !== true) return records;
  if (!records.some((r) => r.category === 'warning' && UNUSED_CODES.has(Number(r.code)))) return records;
  const options = projectOptions(ctx, path);
  const text = ctx.lines(path)?.text;
  const sourceFile = text === undefined ? undefined : ctx.workspace.syntax.get(path, text);
  return records.map((record) => {
    if (record.category !== 'warning' || !UNUSED_CODES.has(Number(record.code)) || sourceFile === undefined) return record;
    const asParameter = Number(record.code) === TYPE_PARAMETERS_UNUSED || governsAsParameter(sourceFile, record.start);
    const on = asParameter ? options.noUnusedParameters : options.noUnusedLocals;
    return on === true ? { ...record, category: 'error' } : record;
  });
}

/** The compiler options of the project that owns `path`: its config's, or the inferred project's. */
function projectOptions(ctx: CallContext, path: string): ts.CompilerOptions {
  const root = ctx.scope.workspaceRoot;
  const { spec } = ctx.workspace.ownerOf(root, path);
  return spec.kind === 'config' ? ctx.workspace.configs.get(spec.configPath, root).parsed.options : INFERRED_OPTIONS;
}
