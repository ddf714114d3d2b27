import { ACTION_KINDS, CODE_ACTIONS, type CodeActionsInput } from '@mcp-lsp-bridge/domain/front';
import { fileArgument } from '../args/file-argument.js';
import { parseFilePlace } from '../args/file-lines.js';
import { flag, stringOption } from '../args/option-values.js';
import { UsageError } from '../args/usage-error.js';
import { defineCommand } from '../command-definition.js';
import { ExitCode } from '../exit-codes.js';

const NAME = 'actions';

export const command = defineCommand({
  name: NAME,
  aliases: ['code-actions', CODE_ACTIONS, 'fix'],
  tool: CODE_ACTIONS,
  summary: "List or apply the compiler's fixes and refactorings",
  description:
    "Lists the quick fixes the file's compiler or language server offers for the diagnostics at a line (add a missing " +
    'import, implement an interface, add await), the fixes of all of one code in the file, the refactorings there, or ' +
    'organize imports (--kind), each with an id. --apply <id> applies one: it WRITES every file it changes or none, and ' +
    'prints the changed lines and the errors it adds or removes; exits with 1 when it adds an error. An id is refused once ' +
    'its file has changed.',
  arguments: [{ name: '<file>[:<line>[:<col>]]', description: 'The file, and the line (or position) asked about.', omittedWith: 'apply' }],
  options: {
    'end-line': { type: 'string', valueName: 'n', description: 'The last line of a range starting at <line>.' },
    code: { type: 'string', valueName: 'code', description: 'Only fixes of this diagnostic code (TS2304, or a server’s own code).' },
    kind: { type: 'string', valueName: 'kind', description: `Only actions of this kind: ${ACTION_KINDS.join(', ')}.` },
    apply: { type: 'string', valueName: 'id', description: 'Apply the action with this id (as a listing printed it).' },
    'dry-run': { type: 'boolean', description: 'With --apply: print what it would change and the errors it would add; write nothing.' },
  },
  examples: [
    { command: 'lsp-bridge actions src/main.ts:12', description: 'the fixes and refactorings at line 12' },
    {
      command: 'lsp-bridge actions src/main.ts --code TS2304 --kind source.fixAll',
      description: 'fix every missing name of the file at once',
    },
    { command: 'lsp-bridge actions src/main.ts --kind source.organizeImports', description: 'organize its imports' },
    { command: "lsp-bridge actions --apply 'ca1|src%2Fmain.ts|…' --dry-run", description: 'preview one listed action' },
  ],
  input(args, context): CodeActionsInput {
    const apply = stringOption(args, 'apply');
    const dryRun = flag(args, 'dry-run');
    if (apply !== undefined) {
      if (args.positionals.length > 0 || ['end-line', 'code', 'kind'].some((o) => args.values[o] !== undefined)) {
        throw new UsageError('--apply takes the id alone: it names its file, place and kind', NAME);
      }
      return { workspaceRoot: context.root, actionId: apply, ...(dryRun ? { dryRun } : {}) };
    }
    if (dryRun) throw new UsageError('--dry-run goes with --apply', NAME);
    const given = args.positionals[0];
    if (given === undefined || given === '') throw new UsageError('missing <file>', NAME);
    const place = parseFilePlace(given, NAME);
    const endLine = stringOption(args, 'end-line');
    if (endLine !== undefined && !/^\d+$/.test(endLine)) throw new UsageError(`--end-line takes a line number, got "${endLine}"`, NAME);
    const code = stringOption(args, 'code');
    const kind = stringOption(args, 'kind');
    return {
      workspaceRoot: context.root,
      filePath: fileArgument(place.file, context),
      ...(place.line === undefined ? {} : { line: place.line }),
      ...(place.column === undefined ? {} : { column: place.column }),
      ...(endLine !== undefined ? { endLine: Number(endLine) } : place.endLine === undefined ? {} : { endLine: place.endLine }),
      ...(code === undefined ? {} : { code }),
      ...(kind === undefined ? {} : { kind }),
    };
  },
  loadFormat: async () => (await import('../format/code-actions.format.js')).formatCodeActions,
  exitCode: (result) =>
    'introducedDiagnostics' in result && result.introducedDiagnostics.some((d) => d.severity === 'error')
      ? ExitCode.FOUND_ERRORS
      : ExitCode.OK,
});
