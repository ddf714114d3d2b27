import { GET_DIAGNOSTICS, type OperationName } from '@mcp-lsp-bridge/domain/front';
import { COMMANDS } from '../commands/index.js';
import { PROGRAM } from './program.js';

/**
 * The domain words its messages once, in MCP's vocabulary (the tools' names and parameters);
 * at the command line the same things have other names. Each row is MCP's phrase and the
 * CLI's, most specific first. Quoted text and tokens with a colon or slash (file:line:col,
 * node ids, paths) are the user's own and are never rewritten.
 */
const PHRASES: readonly (readonly [RegExp, string])[] = [
  [/<workspaceRoot>/g, '<root>'],
  [/\bpaths are relative to workspaceRoot\b/g, 'paths are relative to the current directory'],
  [/\brelative to workspaceRoot\b/g, 'relative to the current directory'],
  [/\bfilePath \+ line \+ column\b/g, 'file:line:col'],
  [/\bfilePath \+ symbol\b/g, '<file> --symbol <name>'],
  [/\bpass line and column, symbol, or nodeId\b/g, 'pass file:line:col, --symbol <name>, or a node id'],
  [new RegExp(`\\bpass filePath to ${GET_DIAGNOSTICS}\\b`, 'g'), `pass a file to ${PROGRAM} diag`],
  [/\bwith filePath\b/g, 'with a file'],
  [/\bworkspaceRoot\b/g, '--root'],
  [/\bPass nodeId alone\b/g, 'Pass the node id alone, as the address (no file, no --symbol)'],
  [/\b(its|a|the) nodeId\b/g, '$1 node id'],
  [/\bnodeIds\b/g, 'node ids'],
  [/\bnodeId\b/g, 'a node id'],
  [/\ba newName\b/g, 'a new name'],
  [/\bnewName\b/g, 'the new name'],
  [/\bdryRun\b/g, '--dry-run'],
  [/\bincludeNodeModules\b/g, '--include-node-modules'],
  [/\(symbol\)/g, '(--symbol <name>)'],
  [/\bfilePath\b/g, 'the file'],
  [/\bCall again\b/g, 'Run the command again'],
  [/\bcall again\b/g, 'run the command again'],
];

/** Each operation's command, from the commands themselves. */
const COMMAND_OF = new Map<string, string>(COMMANDS.map((command) => [command.tool satisfies OperationName, command.name]));
const TOOL = new RegExp(`\\b(?:(Call|call) )?(${[...COMMAND_OF.keys()].join('|')})\\b`, 'g');

/** A span the translation leaves alone: quoted text, or a token with `:` or `/` in it. */
const PROTECTED = /"(?:[^"\\]|\\.)*"|`[^`]*`|[^\s"`]*[:/][^\s"`]+/g;

/** `text` in the CLI's words. */
export function inCliWords(text: string): string {
  let out = '';
  let last = 0;
  for (const match of text.matchAll(PROTECTED)) {
    // `<workspaceRoot>/.lsp.json` has a slash but is the product's own wording: translate its head.
    const head = match[0].startsWith('<workspaceRoot>') ? '<workspaceRoot>'.length : 0;
    out += translate(text.slice(last, match.index + head)) + match[0].slice(head);
    last = match.index + match[0].length;
  }
  return out + translate(text.slice(last));
}

function translate(text: string): string {
  let out = text;
  for (const [phrase, words] of PHRASES) out = out.replace(phrase, words);
  return out.replace(TOOL, (_whole, call: string | undefined, tool: string) => {
    const command = `${PROGRAM} ${COMMAND_OF.get(tool) ?? tool}`;
    return call === undefined ? command : `${call === 'Call' ? 'Run' : 'run'} ${command}`;
  });
}
