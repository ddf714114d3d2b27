import { planRename, simulateRename, type BridgePorts, type FileOffset, type RenameConflict, type TextEdit } from '@mcp-lsp-bridge/domain';
import { InMemoryFileSystem, RecordingFileWriter } from '@mcp-lsp-bridge/domain/testing';
import { TsSourceSyntax } from '@mcp-lsp-bridge/ts-syntax';
import type { TsSymbolIndex } from '../src/index.js';
import { scopeOf, type Fixture } from './fixture.js';

/**
 * The domain's rename decisions over this backend's primitives: where a rename goes (re-exports,
 * imports) and whether it conflicts are the domain's rules; these tests check that the backend
 * answers what those rules need.
 */
function portsOf(index: TsSymbolIndex): BridgePorts {
  return { symbols: index, syntax: new TsSourceSyntax(), files: new InMemoryFileSystem(), writer: new RecordingFileWriter() };
}

function nameAt(fx: Fixture, at: FileOffset): string {
  const text = fx.text(at.path.slice(fx.root.length + 1));
  return /^[#\p{ID_Continue}$]+/u.exec(text.slice(at.offset))?.[0] ?? '';
}

/**
 * Every edit of renaming the symbol at `at` to `newName` that is written: those in a package's
 * build output (the adapter names them so the domain can list the package to rebuild) never are.
 */
export async function renameEdits(index: TsSymbolIndex, fx: Fixture, at: FileOffset, newName: string): Promise<readonly TextEdit[]> {
  const plan = await planRename(portsOf(index), scopeOf(fx), at, nameAt(fx, at), newName);
  if ('success' in plan) throw new Error(`rename refused: ${plan.error.code} ${plan.error.message}`);
  const outputs = new Set(plan.buildOutputs.map((o) => o.path));
  return plan.edits.filter((e) => !outputs.has(e.path));
}

/** What the domain's conflict rule decides for renaming the symbol at `at` to `newName`. */
export async function renameConflicts(
  index: TsSymbolIndex,
  fx: Fixture,
  at: FileOffset,
  newName: string,
): Promise<readonly RenameConflict[]> {
  const ports = portsOf(index);
  const plan = await planRename(ports, scopeOf(fx), at, nameAt(fx, at), newName);
  if ('success' in plan) throw new Error(`rename refused: ${plan.error.code} ${plan.error.message}`);
  return (await simulateRename(ports, scopeOf(fx), plan, newName)).conflicts;
}
