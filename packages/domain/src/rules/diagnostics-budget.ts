import type { BridgeError } from '../errors/bridge-error.js';

/** How long project-wide diagnostics go on starting files unless configured otherwise (`LSP_BRIDGE_DIAGNOSTICS_BUDGET_MS`). */
export const DEFAULT_DIAGNOSTICS_BUDGET_MS = 90_000;

/**
 * Why a file was not checked once the budget ran out: the answer keeps what was found, and
 * each file left names the way to check it alone. The same words for every backend and language.
 */
export function outOfBudget(budgetMs: number): string {
  return `not checked: project-wide diagnostics ran out of their ${budgetMs} ms budget (LSP_BRIDGE_DIAGNOSTICS_BUDGET_MS); pass filePath to check it`;
}

/**
 * Why the files a service could no longer check failed (a language server that is not
 * installed, one that crashed): its refusal, with what to do about it, for a failure that
 * does not end the whole answer.
 */
export function serviceRefusal(refusal: BridgeError): string {
  return `${refusal.message} (${refusal.resolution})`;
}
