/** Reading tools: addressing, outlines, symbol search, hover, implementations, call and type hierarchies, impact, completion. */
export const navigation = {
  // Issue 5: symbol addressing
  'I5-ADDR-SYMBOL': 'every position-taking tool accepts filePath + symbol (a name or qualified name) and answers as at the position',
  'I5-ADDR-NODEID': 'every position-taking tool accepts a nodeId (kind:path:Qualified.name) and answers as at the position',
  'I5-ADDR-VALIDATION':
    'exactly one addressing form: none, two, line without column, a malformed nodeId or an unknown kind is INVALID_INPUT',
  'I5-ADDR-AMBIGUOUS':
    'a name matching several symbols is AMBIGUOUS_SYMBOL listing each candidate nodeId, kind and line; overloads are one symbol',
  'I5-ADDR-NOT-FOUND': 'a name or nodeId matching nothing is SYMBOL_NOT_FOUND suggesting the closest names of the file',
  'I5-NODEID-CHAIN': 'results that point at declarations carry a nodeId that addresses them in the next call',
  // Issue 5: navigation tools
  'I5-HOVER': 'hover: the type signature and the documentation comment of a symbol',
  'I5-DOCUMENT-SYMBOLS': 'document_symbols: the outline of a file with names, kinds, node ids, line ranges and nesting',
  'I5-WORKSPACE-SYMBOLS': 'workspace_symbols: ranked search across files, kind filter, limit with truncation, no node_modules',
  'I5-IMPLEMENTATIONS': 'find_implementations: implementing classes and overriding members, by path and line, with node ids',
  'I5-CALLS-INCOMING': 'call_hierarchy incoming: callers across files with their call sites',
  'I5-CALLS-OUTGOING': 'call_hierarchy outgoing: callees with the call sites in the function',
  'I5-CALLS-DEPTH': 'call_hierarchy depth: nested levels, recursion marked and not followed, non-callables give no calls',
  // Issue 10: one copy of each policy
  'I10-ONE-MEANING':
    'a name or node id of an overloaded callable designates its implementation for every tool; outlines list it once, anonymous items without a node id',
  // Issue 16: a tool list and results an agent can afford, summaries that tell the truth
  'I16-OUTLINE-DEPTH-KINDS':
    'document_symbols depth lists that many levels, kinds those kinds and what contains them; totalCount counts every symbol of the file',
  'I16-OUTLINE-LOCALS':
    'the document_symbols text leaves out locals (constants and variables inside functions) unless kinds is given, and counts them; structuredContent keeps them',
  'I16-TRUE-COUNTS':
    'find_references counts every reference and the files they are in (fileCount) whatever the limit, in the result and its text',
  'I16-SYMBOL-RANKING':
    'workspace_symbols ranks, within a quality of match, exported and top-level declarations above members and locals, and a re-export never above its declaration',
  // Issue 26: type navigation
  'I26-TYPE-DEFINITION':
    "go_to_type_definition answers the declaration of a value's type (interface, class, object type alias; through a type alias to what it names where the compiler does), at a declaration, a parameter, a member access and a call, by position, name or node id",
  'I26-IMPACT':
    'impact of a symbol: every use (the same set find_references gives, its declarations apart) grouped by package and file with test code apart, the package entry points that export it, and its callers with their depth',
  'I26-IMPACT-RANGE': 'impact of a line range of a file (a diff hunk) answers each declaration the range touches, and nothing else',
  'I26-TYPE-HIERARCHY':
    'type_hierarchy answers the supertypes of a class or interface (extends and implements, through imports, a namespace and a type alias) and its subtypes across files and workspace packages, a use in type arguments or a variable of the type being none, by position, name or node id',
  'I26-TYPE-HIERARCHY-DEPTH':
    'type_hierarchy follows the hierarchy depth levels (1..5, default 1) in each direction asked for, each type with its depth',
  'I26-TYPE-HIERARCHY-REFUSALS':
    'type_hierarchy refuses a symbol that is not a type with INVALID_INPUT naming it and pointing to call_hierarchy, a depth outside 1..5 and an unknown direction; a language server without a type hierarchy (pyright, gopls) is LANGUAGE_SERVER_ERROR naming it',
  'I26-TYPE-HIERARCHY-C':
    "C++ (clangd): type_hierarchy answers a struct's base and its derived structs in the header and in another file, from clangd's own type hierarchy",
  'I26-TYPE-DEFINITION-NONE': 'go_to_type_definition of a value of a primitive type answers no type definition, successfully',
  // Issue 26: completion and signature help
  'I26-COMPLETION-MEMBERS':
    "completion after `obj.` lists the members of obj's type (the names TypeScript's own LanguageService offers there), each with its kind and its signature",
  'I26-COMPLETION-PREFIX':
    'completion keeps the names that start with the part of a name written before the cursor (or the prefix given), and lists the first limit of them, counting the rest',
  'I26-COMPLETION-SIGNATURE':
    "completion inside a call's arguments gives the call's signatures (every overload, as TypeScript's getSignatureHelpItems prints them), the one the call matches and the parameter at the cursor",
  'I26-COMPLETION-LANGUAGES':
    "completion and signature help over gopls, clangd and pyright: a struct's or class's members and a call's parameters",
} as const satisfies Record<string, string>;
