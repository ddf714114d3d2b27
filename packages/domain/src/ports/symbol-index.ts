import type { SourceProbes } from './symbol-queries.js';
import type { SymbolDiagnostics } from './symbol-diagnostics.js';
import type { SymbolEdits } from './symbol-edits.js';
import type { SymbolNavigation } from './symbol-navigation.js';

export type * from './symbol-queries.js';
export type * from './symbol-navigation.js';
export type * from './symbol-edits.js';
export type * from './symbol-diagnostics.js';

/**
 * What the use-cases ask of a language service. Paths are absolute real paths; offsets
 * are UTF-16 offsets into the text `sourceText` returns for that path (without a BOM).
 * Implementations see the disk as it is at the time of the call.
 * Expected refusals (an unusable config, a dead server) are thrown as `BridgeException`.
 * One interface per family of questions, composed here: a backend implements all of them.
 */
export interface SymbolIndex extends SourceProbes, SymbolNavigation, SymbolEdits, SymbolDiagnostics {}
