import type { OperationName } from '@mcp-lsp-bridge/domain';

/** One step of a workflow: what to do, with the tools it takes (left out when one is not offered). */
interface Step {
  readonly tools: readonly OperationName[];
  readonly text: (args: WorkflowArgs) => string;
}

/** A prompt argument (MCP prompt arguments are strings). */
export interface WorkflowArgument {
  readonly name: string;
  readonly description: string;
  readonly required: boolean;
}

export type WorkflowArgs = Readonly<Record<string, string | undefined>>;

/**
 * A way of working with the tools that an agent's client can offer its user by name (MCP
 * prompts): the habits of the Claude Code skill, worded for any client. Each names the tools
 * it uses; a workflow whose `requires` are not all offered (`--tools`) is not listed, and a
 * step whose tools are not offered is left out.
 */
export interface Workflow {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly arguments: readonly WorkflowArgument[];
  readonly requires: readonly OperationName[];
  readonly intro: (args: WorkflowArgs) => string;
  readonly steps: readonly Step[];
  readonly outro?: string;
}

const ROOT: WorkflowArgument = {
  name: 'workspaceRoot',
  description: 'The absolute path of the project (default: the project you are working in).',
  required: false,
};
const SYMBOL: WorkflowArgument = {
  name: 'symbol',
  description: 'The symbol: a name as declared in its file (Calculator.add), or a node id (method:src/calc.ts:Calculator.add).',
  required: true,
};
const FILE = (required: boolean, what: string): WorkflowArgument => ({ name: 'filePath', description: what, required });

const where = (args: WorkflowArgs): string =>
  args['workspaceRoot'] === undefined ? 'the project' : `the workspace ${args['workspaceRoot']}`;
const symbolIn = (args: WorkflowArgs): string =>
  `${args['symbol'] ?? 'the symbol'}${args['filePath'] === undefined ? '' : ` (declared in ${args['filePath']})`}`;
const ADDRESS =
  'Address it by filePath + symbol (a name such as "Calculator.add"), by nodeId as results return it, or by filePath + line + column.';

export const WORKFLOWS: readonly Workflow[] = [
  {
    name: 'understand-symbol',
    title: 'Understand a symbol before changing it',
    description:
      'What a symbol is, where it is declared, who uses and calls it, and what implements it: before an edit that could break them.',
    arguments: [SYMBOL, FILE(false, 'The file that declares it, relative to workspaceRoot.'), ROOT],
    requires: ['find_references'],
    intro: (args) => `Before changing ${symbolIn(args)} in ${where(args)}, learn what it is and what depends on it. ${ADDRESS}`,
    steps: [
      { tools: ['hover'], text: () => 'hover: its type signature and documentation.' },
      { tools: ['go_to_definition'], text: () => 'go_to_definition: where it is declared, through imports and re-exports.' },
      {
        tools: ['go_to_type_definition'],
        text: () => 'For a variable, parameter or property, go_to_type_definition: the declaration of its type.',
      },
      {
        tools: ['impact'],
        text: () =>
          'impact: its uses by package and file (test code apart), the entry points that export it, and its callers, in one call.',
      },
      { tools: ['find_references'], text: () => 'find_references: every use, declarations first (the summary counts all of them).' },
      {
        tools: ['call_hierarchy'],
        text: () => 'For a function or method, call_hierarchy with direction "incoming" (depth 2): who calls it, from where.',
      },
      {
        tools: ['find_implementations'],
        text: () => 'For an interface, an abstract class or one of their members, find_implementations: what implements it.',
      },
    ],
    outro: 'Then plan the change so that every use and caller found still compiles.',
  },
  {
    name: 'rename-safely',
    title: 'Rename a symbol safely',
    description: "Rename with the language server's own rename, checked first and verified after: never search-and-replace.",
    arguments: [
      SYMBOL,
      { name: 'newName', description: 'The new name.', required: true },
      FILE(false, 'The file that declares it, relative to workspaceRoot.'),
      ROOT,
    ],
    requires: ['rename_symbol'],
    intro: (args) => `Rename ${symbolIn(args)} to ${args['newName'] ?? 'the new name'} in ${where(args)}. ${ADDRESS}`,
    steps: [
      { tools: ['find_references'], text: () => 'find_references: check that it is the symbol you mean, and see every use.' },
      {
        tools: ['rename_symbol'],
        text: () =>
          'rename_symbol with dryRun: true: read the changes it would write. On RENAME_CONFLICT choose another name (its ' +
          'resolution suggests one) or rename the conflicting symbol first.',
      },
      {
        tools: ['rename_symbol'],
        text: () => 'rename_symbol without dryRun: it writes every file or none. Re-read the changed files before editing them.',
      },
      {
        tools: ['get_diagnostics'],
        text: () => 'get_diagnostics without filePath: the whole workspace still compiles; fix what the rename broke.',
      },
    ],
  },
  {
    name: 'after-an-edit',
    title: 'Check a file after editing it',
    description: 'The compiler or language server checks the file just edited, then what uses it.',
    arguments: [FILE(true, 'The file you edited, relative to workspaceRoot.'), ROOT],
    requires: ['get_diagnostics'],
    intro: (args) => `You edited ${args['filePath'] ?? 'a file'} in ${where(args)}. Check it before moving on.`,
    steps: [
      {
        tools: ['get_diagnostics'],
        text: (args) =>
          `get_diagnostics with filePath "${args['filePath'] ?? '<the file>'}": fix every error, then call it again until none is left.`,
      },
      {
        tools: ['find_references'],
        text: () =>
          "If you changed an exported declaration's name, parameters or type: find_references on it, to see the files that use it.",
      },
      { tools: ['get_diagnostics'], text: () => 'Then get_diagnostics without filePath: the files that use it still compile.' },
    ],
  },
  {
    name: 'fix-diagnostics',
    title: 'Find and fix diagnostics',
    description: "The compiler's or language server's errors, in one file or the whole workspace, fixed one by one and checked again.",
    arguments: [FILE(false, 'Only this file, relative to workspaceRoot (default: the whole workspace).'), ROOT],
    requires: ['get_diagnostics'],
    intro: (args) => `Find the errors in ${args['filePath'] ?? where(args)} and fix them.`,
    steps: [
      {
        tools: ['get_diagnostics'],
        text: (args) =>
          `get_diagnostics${args['filePath'] === undefined ? ' without filePath' : ` with filePath "${args['filePath']}"`}: ` +
          'errors and warnings by file; hints are summed up by code (severity ["hint"] lists them).',
      },
      {
        tools: ['hover', 'go_to_definition'],
        text: () => 'For each error, hover and go_to_definition on the names involved show what is expected.',
      },
      {
        tools: ['replace_symbol_body'],
        text: () => 'Fix it by editing the file, or with replace_symbol_body for a whole body (it refuses one that adds syntax errors).',
      },
      { tools: ['get_diagnostics'], text: () => 'get_diagnostics again, until no error is left.' },
    ],
  },
];

/** The workflows whose required tools are all offered. */
export function offeredWorkflows(toolNames: readonly string[]): Workflow[] {
  return WORKFLOWS.filter((workflow) => workflow.requires.every((tool) => toolNames.includes(tool)));
}

/** The workflow's text for these arguments, with the steps whose tools are offered, numbered. */
export function workflowText(workflow: Workflow, args: WorkflowArgs, toolNames: readonly string[]): string {
  const steps = workflow.steps.filter((step) => step.tools.every((tool) => toolNames.includes(tool)));
  return [
    workflow.intro(args),
    '',
    ...steps.map((step, i) => `${i + 1}. ${step.text(args)}`),
    ...(workflow.outro === undefined ? [] : ['', workflow.outro]),
  ].join('\n');
}
