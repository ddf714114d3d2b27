import { it } from 'vitest';
import { requirements, type RequirementId } from '../requirements.js';

/**
 * A test that verifies one or more manifest requirements. The coverage test finds these
 * calls by scanning the scenario sources, so keep the ids literal.
 */
export function verifies(
  ids: RequirementId | readonly RequirementId[],
  title: string,
  body: () => Promise<void>,
  /** For a test whose set-up alone is long (thousands of files); the default otherwise. */
  timeoutMs?: number,
): void {
  const list: readonly RequirementId[] = typeof ids === 'string' ? [ids] : ids;
  for (const id of list) {
    if (!Object.hasOwn(requirements, id)) throw new Error(`verifies(): unknown requirement ${id}`);
  }
  it(`${title} [${list.join(', ')}]`, body, timeoutMs);
}
