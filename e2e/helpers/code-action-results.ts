import type { DiagnosticItem, FileModification, LineChange } from './results.js';

/** code_actions and format_file (issue 26) as the contract states them (docs/tools.md). */

export interface CodeActionItem {
  id: string;
  title: string;
  kind: string;
  code?: string;
  line?: number;
  preferred?: boolean;
}

export interface CodeActionList {
  success: true;
  filePath: string;
  actions: CodeActionItem[];
  truncated?: boolean;
  clientOnly?: string[];
}

export interface CodeActionApplied {
  success: true;
  title: string;
  kind: string;
  filesModified: FileModification[];
  totalChanges: number;
  applied: boolean;
  introducedDiagnostics: DiagnosticItem[];
  fixedDiagnostics: DiagnosticItem[];
}

export interface CodeActionsArgs {
  workspaceRoot: string;
  filePath?: string;
  line?: number;
  column?: number;
  endLine?: number;
  code?: string;
  kind?: 'quickfix' | 'refactor' | 'source.organizeImports' | 'source.fixAll';
  actionId?: string;
  dryRun?: boolean;
}

export interface FormatFileArgs {
  workspaceRoot: string;
  filePath: string;
  line?: number;
  endLine?: number;
  dryRun?: boolean;
}

export interface FormatFileResult {
  success: true;
  filePath: string;
  changeCount: number;
  changes: LineChange[];
  truncated?: boolean;
  applied: boolean;
}

/** A listing, or what applying one action did: which one a call answered. */
export type CodeActionsResult = CodeActionList | CodeActionApplied;

export function listing(result: CodeActionsResult): CodeActionList {
  if (!('actions' in result)) throw new Error(`expected a listing, got ${JSON.stringify(result)}`);
  return result;
}

export function appliedAction(result: CodeActionsResult): CodeActionApplied {
  if (!('filesModified' in result)) throw new Error(`expected an applied action, got ${JSON.stringify(result)}`);
  return result;
}
