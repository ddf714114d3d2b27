import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { CHECK_EDITS, type CheckEditsInput, type EditInput } from '@mcp-lsp-bridge/domain/front';
import { fileArgument } from '../args/file-argument.js';
import { flag, stringOption } from '../args/option-values.js';
import { UsageError } from '../args/usage-error.js';
import { defineCommand, type InputContext, type ParsedArgs } from '../command-definition.js';
import { ExitCode } from '../exit-codes.js';

const NAME = 'check';

export const command = defineCommand({
  name: NAME,
  aliases: ['check-edits', CHECK_EDITS],
  tool: CHECK_EDITS,
  summary: 'Type-check edits before writing them',
  description:
    'Type-checks edits in memory and prints the errors they add and remove, in the edited files and in every file that ' +
    'imports them; nothing is written unless --apply is given, and then only when they add no error (--force writes anyway), ' +
    'all files or none. Give <file> --new-file <path> (the file as it would be), <file> --old <text> --new <text>, or ' +
    '--edits <json> (a file, or - for stdin: [{ "filePath", "oldText"?, "newText" }]). Exits with 1 when the edits add an error.',
  arguments: [
    { name: '[file]', optional: true, description: 'The file to edit (relative to the current directory), unless --edits is given.' },
  ],
  options: {
    'new-file': { type: 'string', valueName: 'path', description: "The file's new content, read from another file." },
    old: { type: 'string', valueName: 'text', description: 'Text that occurs once in <file>, replaced by --new.' },
    new: { type: 'string', valueName: 'text', description: 'What replaces --old.' },
    edits: { type: 'string', valueName: 'json', description: 'A JSON file of edits (- for stdin), paths relative to the root.' },
    apply: { type: 'boolean', description: 'Write the edits when they add no error.' },
    force: { type: 'boolean', description: 'With --apply: write them even when they add errors.' },
  },
  examples: [
    { command: 'lsp-bridge check src/config.ts --new-file /tmp/config.ts', description: 'what replacing src/config.ts would break' },
    {
      command: "lsp-bridge check src/config.ts --old 'port: number' --new 'port: string'",
      description: 'one change, checked across importers',
    },
    { command: 'lsp-bridge check --edits edits.json --apply', description: 'several edits, written only if they add no error' },
  ],
  async input(args, context): Promise<CheckEditsInput> {
    const edits = await editsOf(args, context);
    return {
      workspaceRoot: context.root,
      edits,
      ...(flag(args, 'apply') ? { apply: true } : {}),
      ...(flag(args, 'force') ? { force: true } : {}),
    };
  },
  loadFormat: async () => (await import('../format/check-edits.format.js')).formatCheckEdits,
  exitCode: (result) => (result.errorsAdded.length > 0 ? ExitCode.FOUND_ERRORS : ExitCode.OK),
});

async function editsOf(args: ParsedArgs, context: InputContext): Promise<EditInput[]> {
  const json = stringOption(args, 'edits');
  const file = args.positionals[0];
  if (json !== undefined) {
    if (file !== undefined) throw new UsageError('give --edits or a <file>, not both', NAME);
    return parseEdits(json === '-' ? await (context.stdin?.read() ?? Promise.resolve('')) : await readArgument(context, json, '--edits'));
  }
  if (file === undefined) throw new UsageError('missing the edits: give a <file> with --new-file or --old/--new, or --edits', NAME);
  const filePath = fileArgument(file, context);
  const newFile = stringOption(args, 'new-file');
  const oldText = stringOption(args, 'old');
  const newText = stringOption(args, 'new');
  if (newFile !== undefined) {
    if (oldText !== undefined || newText !== undefined) throw new UsageError('give --new-file or --old/--new, not both', NAME);
    return [{ filePath, newText: await readArgument(context, newFile, '--new-file') }];
  }
  if (oldText === undefined || newText === undefined) throw new UsageError('give --new-file <path>, or both --old and --new', NAME);
  return [{ filePath, oldText, newText }];
}

function parseEdits(text: string): EditInput[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--edits is not JSON (${error instanceof Error ? error.message : String(error)})`, NAME);
  }
  const valid = (item: unknown): item is EditInput => {
    if (typeof item !== 'object' || item === null) return false;
    const { filePath, oldText, newText } = item as Record<string, unknown>;
    return typeof filePath === 'string' && typeof newText === 'string' && (oldText === undefined || typeof oldText === 'string');
  };
  if (!Array.isArray(value) || !value.every(valid))
    throw new UsageError('--edits must be a JSON array of { "filePath": string, "oldText"?: string, "newText": string }', NAME);
  return value;
}

async function readArgument(context: InputContext, path: string, option: string): Promise<string> {
  try {
    return await readFile(resolve(context.cwd, path), 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
    throw new UsageError(`cannot read ${option} ${path} (${reason})`, NAME);
  }
}
