import { contract } from './requirements/contract.js';
import { navigation } from './requirements/navigation.js';
import { editing } from './requirements/editing.js';
import { languages } from './requirements/languages.js';
import { server } from './requirements/server.js';

/**
 * Every requirement the suite verifies: FS-001's acceptance criteria, edge cases, business
 * and data rules, and the rules the bridge adds. Each id needs at least one
 * `verifies(id, ...)` in `scenarios/`; `requirements-coverage.test.ts` enforces it.
 *
 * Not listed, because no black-box test can trigger them deterministically:
 * FILE_CHANGED on its own (a write racing the rename between planning and writing; R-WRITE-CONCURRENT
 * accepts it or success, whichever the race gives) and
 * LANGUAGE_SERVER_ERROR (needs the language service itself to fail; the lsp backend's fault
 * tests, R-LSP-*, cause it by killing or silencing its language server).
 */
export const requirements = { ...contract, ...navigation, ...editing, ...languages, ...server } as const satisfies Record<string, string>;

/** The manifest's files, one a family of tools; an id belongs to one of them only. */
export const requirementFamilies = { contract, navigation, editing, languages, server };

export type RequirementId = keyof typeof requirements;
