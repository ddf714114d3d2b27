/** The CLI's name, as every message and help text spells it. */
export const PROGRAM = 'lsp-bridge';
