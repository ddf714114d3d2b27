import {
  CALL_HIERARCHY,
  FIND_IMPLEMENTATIONS,
  FIND_REFERENCES,
  GET_DIAGNOSTICS,
  GO_TO_DEFINITION,
  GO_TO_TYPE_DEFINITION,
  HOVER,
  IMPACT,
  type OperationName,
  RENAME_SYMBOL,
  REPLACE_SYMBOL_BODY,
} from '@mcp-lsp-bridge/domain/front';

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
    requires: [FIND_REFERENCES],
    intro: (args) => `Before changing ${symbolIn(args)} in ${where(args)}, learn what it is and what depends on it. ${ADDRESS}`,
    steps: [
      { tools: [HOVER], text: () => `${HOVER}: its type signature and documentation.` },
      { tools: [GO_TO_DEFINITION], text: () => `${GO_TO_DEFINITION}: where it is declared, through imports and re-exports.` },
      {
        tools: [GO_TO_TYPE_DEFINITION],
        text: () => `For a variable, parameter or property, ${GO_TO_TYPE_DEFINITION}: the declaration of its type.`,
      },
      {
        tools: [IMPACT],
        text: () =>
          `${IMPACT}: its uses by package and file (test code apart), the entry points that export it, and its callers, in one call.`,
      },
      { tools: [FIND_REFERENCES], text: () => `${FIND_REFERENCES}: every use, declarations first (the summary counts all of them).` },
      {
        tools: [CALL_HIERARCHY],
        text: () => `For a function or method, ${CALL_HIERARCHY} with direction "incoming" (depth 2): who calls it, from where.`,
      },
      {
        tools: [FIND_IMPLEMENTATIONS],
        text: () => `For an interface, an abstract class or one of their members, ${FIND_IMPLEMENTATIONS}: what implements it.`,
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
    requires: [RENAME_SYMBOL],
    intro: (args) => `Rename ${symbolIn(args)} to ${args['newName'] ?? 'the new name'} in ${where(args)}. ${ADDRESS}`,
    steps: [
      { tools: [FIND_REFERENCES], text: () => `${FIND_REFERENCES}: check that it is the symbol you mean, and see every use.` },
      {
        tools: [RENAME_SYMBOL],
        text: () =>
          `${RENAME_SYMBOL} with dryRun: true: read the changes it would write. On RENAME_CONFLICT choose another name (its ` +
          'resolution suggests one) or rename the conflicting symbol first.',
      },
      {
        tools: [RENAME_SYMBOL],
        text: () => `${RENAME_SYMBOL} without dryRun: it writes every file or none. Re-read the changed files before editing them.`,
      },
      {
        tools: [GET_DIAGNOSTICS],
        text: () => `${GET_DIAGNOSTICS} without filePath: the whole workspace still compiles; fix what the rename broke.`,
      },
    ],
  },
  {
    name: 'after-an-edit',
    title: 'Check a file after editing it',
    description: 'The compiler or language server checks the file just edited, then what uses it.',
    arguments: [FILE(true, 'The file you edited, relative to workspaceRoot.'), ROOT],
    requires: [GET_DIAGNOSTICS],
    intro: (args) => `You edited ${args['filePath'] ?? 'a file'} in ${where(args)}. Check it before moving on.`,
    steps: [
      {
        tools: [GET_DIAGNOSTICS],
        text: (args) =>
          `${GET_DIAGNOSTICS} with filePath "${args['filePath'] ?? '<the file>'}": fix every error, then call it again until none is left.`,
      },
      {
        tools: [FIND_REFERENCES],
        text: () =>
          `If you changed an exported declaration's name, parameters or type: ${FIND_REFERENCES} on it, to see the files that use it.`,
      },
      { tools: [GET_DIAGNOSTICS], text: () => `Then ${GET_DIAGNOSTICS} without filePath: the files that use it still compile.` },
    ],
  },
  {
    name: 'fix-diagnostics',
    title: 'Find and fix diagnostics',
    description: "The compiler's or language server's errors, in one file or the whole workspace, fixed one by one and checked again.",
    arguments: [FILE(false, 'Only this file, relative to workspaceRoot (default: the whole workspace).'), ROOT],
    requires: [GET_DIAGNOSTICS],
    intro: (args) => `Find the errors in ${args['filePath'] ?? where(args)} and fix them.`,
    steps: [
      {
        tools: [GET_DIAGNOSTICS],
        text: (args) =>
          `${GET_DIAGNOSTICS}${args['filePath'] === undefined ? ' without filePath' : ` with filePath "${args['filePath']}"`}: ` +
          'errors and warnings by file; hints are summed up by code (severity ["hint"] lists them).',
      },
      {
        tools: [HOVER, GO_TO_DEFINITION],
        text: () => `For each error, ${HOVER} and ${GO_TO_DEFINITION} on the names involved show what is expected.`,
      },
      {
        tools: [REPLACE_SYMBOL_BODY],
        text: () => `Fix it by editing the file, or with ${REPLACE_SYMBOL_BODY} for a whole body (it refuses one that adds syntax errors).`,
      },
      { tools: [GET_DIAGNOSTICS], text: () => `${GET_DIAGNOSTICS} again, until no error is left.` },
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
