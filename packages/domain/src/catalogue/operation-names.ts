/*
 * Each operation's tool name (FS-001), spelled here once. The catalogue's descriptors take
 * their names from here, and every message, resolution or description that names another
 * tool imports the name, so a renamed tool cannot leave a stale name in a sentence.
 * A file of its own, importing nothing, because the error wording imports these names and
 * the use-cases the catalogue loads import the error wording.
 */
export const FIND_REFERENCES = 'find_references';
export const GO_TO_DEFINITION = 'go_to_definition';
export const GO_TO_TYPE_DEFINITION = 'go_to_type_definition';
export const COMPLETION = 'completion';
export const RENAME_SYMBOL = 'rename_symbol';
export const GET_DIAGNOSTICS = 'get_diagnostics';
export const CHECK_EDITS = 'check_edits';
export const HOVER = 'hover';
export const DOCUMENT_SYMBOLS = 'document_symbols';
export const WORKSPACE_SYMBOLS = 'workspace_symbols';
export const FIND_IMPLEMENTATIONS = 'find_implementations';
export const CALL_HIERARCHY = 'call_hierarchy';
export const TYPE_HIERARCHY = 'type_hierarchy';
export const IMPACT = 'impact';
export const SAFE_DELETE = 'safe_delete';
export const REPLACE_SYMBOL_BODY = 'replace_symbol_body';
export const CODE_ACTIONS = 'code_actions';
export const FORMAT_FILE = 'format_file';
