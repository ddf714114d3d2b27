import type { NameRules } from '../ports/source-languages.js';
import { quoted } from './brief-text.js';
/** Rules for the `newName` of a rename. */

// Reserved words of ECMAScript (strict mode) and TypeScript's reserved type names that
// can never name a value or a type.
const RESERVED = new Set([
  'break',
  'case',
  'catch',
  'class',
  'const',
  'continue',
  'debugger',
  'default',
  'delete',
  'do',
  'else',
  'enum',
  'export',
  'extends',
  'false',
  'finally',
  'for',
  'function',
  'if',
  'import',
  'in',
  'instanceof',
  'new',
  'null',
  'return',
  'super',
  'switch',
  'this',
  'throw',
  'true',
  'try',
  'typeof',
  'var',
  'void',
  'while',
  'with',
  'implements',
  'interface',
  'let',
  'package',
  'private',
  'protected',
  'public',
  'static',
  'yield',
  'await',
  'arguments',
  'eval',
]);

const IDENTIFIER = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200c\u200d]*$/u;

/** Longer names are refused: no code has them, and every message would have to carry one. */
export const MAX_NAME_LENGTH = 1000;

export type NameCheck = { readonly valid: true } | { readonly valid: false; readonly reason: string };

/**
 * Checks that `name` can name a symbol: an identifier (or `#private` name) and not a reserved
 * word, of JavaScript and TypeScript, or of the language `rules` describe.
 */
export function checkNewName(name: string, oldName?: string, rules?: NameRules): NameCheck {
  if (name.length === 0) return { valid: false, reason: 'newName is empty' };
  if (name.length > MAX_NAME_LENGTH)
    return { valid: false, reason: `newName is ${name.length} characters long; at most ${MAX_NAME_LENGTH} are accepted` };
  if (rules !== undefined) return checkNameIn(rules, name);
  const isPrivate = name.startsWith('#');
  const bare = isPrivate ? name.slice(1) : name;
  if (!IDENTIFIER.test(bare)) {
    return { valid: false, reason: `${quoted(name)} is not a valid identifier` };
  }
  // A #private name is `#` + IdentifierName, which includes reserved words (`this.#class`).
  if (!isPrivate && RESERVED.has(bare)) return { valid: false, reason: `${quoted(name)} is a reserved word` };
  if (oldName !== undefined && oldName.startsWith('#') !== isPrivate) {
    return {
      valid: false,
      reason: isPrivate
        ? `"${oldName}" is not a #private member, so it cannot be renamed to ${quoted(name)}`
        : `"${oldName}" is a #private member, so its new name must start with "#"`,
    };
  }
  return { valid: true };
}

/** Whether `text` looks like an identifier (used to pick identifiers out of a line). */
export function isIdentifierText(text: string): boolean {
  return IDENTIFIER.test(text.startsWith('#') ? text.slice(1) : text);
}

/** A name in a language other than JavaScript: its identifier and not one of its reserved words; the reason says what a valid name is. */
function checkNameIn(rules: NameRules, name: string): NameCheck {
  const valid = `a ${rules.language} name is ${rules.identifierText}, and not a keyword`;
  if (!rules.identifier.test(name))
    return { valid: false, reason: `${quoted(name)} is not a valid ${rules.language} identifier (${valid})` };
  if (rules.reserved.includes(name)) return { valid: false, reason: `${quoted(name)} is a reserved word in ${rules.language} (${valid})` };
  return { valid: true };
}
