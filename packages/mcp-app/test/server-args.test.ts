import { describe, expect, it } from 'vitest';
import { parseServerArgs, usage, type ServerArgs } from '../src/server-args.js';

const NAMES = ['find_references', 'go_to_definition', 'rename_symbol', 'hover'];
const parse = (argv: string[], env: Record<string, string> = {}): ServerArgs => parseServerArgs(argv, env, NAMES);

function messageOf(args: ServerArgs): string {
  if (args.kind !== 'invalid') throw new Error(`expected an invalid command line, got ${JSON.stringify(args)}`);
  return args.message;
}

describe('server command line', () => {
  it('serves the default preset (here: every tool it has) when neither --tools nor LSP_BRIDGE_TOOLS is given', () => {
    expect(parse([])).toEqual({ kind: 'serve', tools: NAMES });
  });

  it('serves the tools listed after --tools, in the server order', () => {
    expect(parse(['--tools', 'hover,find_references'])).toEqual({ kind: 'serve', tools: ['find_references', 'hover'] });
  });

  it('accepts --tools=list, spaces around names, repeated names and a trailing comma', () => {
    expect(parse(['--tools= go_to_definition , hover,hover,'])).toEqual({ kind: 'serve', tools: ['go_to_definition', 'hover'] });
  });

  it('reads LSP_BRIDGE_TOOLS when the flag is absent', () => {
    expect(parse([], { LSP_BRIDGE_TOOLS: 'rename_symbol' })).toEqual({ kind: 'serve', tools: ['rename_symbol'] });
  });

  it('lets --tools win over LSP_BRIDGE_TOOLS', () => {
    expect(parse(['--tools', 'hover'], { LSP_BRIDGE_TOOLS: 'rename_symbol' })).toEqual({ kind: 'serve', tools: ['hover'] });
  });

  it('treats a blank LSP_BRIDGE_TOOLS as unset', () => {
    expect(parse([], { LSP_BRIDGE_TOOLS: '  ' })).toEqual({ kind: 'serve', tools: NAMES });
  });

  it('refuses an unknown tool name, naming it and listing the valid names', () => {
    const message = messageOf(parse(['--tools', 'find_references,grep,findReferences']));
    expect(message).toContain('"grep", "findReferences"');
    expect(message).toContain(`Valid tool names: ${NAMES.join(', ')}.`);
  });

  it('refuses an unknown name in LSP_BRIDGE_TOOLS and says where it came from', () => {
    const message = messageOf(parse([], { LSP_BRIDGE_TOOLS: 'hover,nope' }));
    expect(message).toContain('LSP_BRIDGE_TOOLS');
    expect(message).toContain('"nope"');
  });

  it('refuses --tools without a list: at the end, before another flag, empty or only commas', () => {
    for (const argv of [['--tools'], ['--tools', '--help-me'], ['--tools='], ['--tools', ''], ['--tools', ' , ,']]) {
      expect(messageOf(parse(argv))).toMatch(/--tools (needs a comma-separated list|lists no tool names)/);
    }
  });

  it('refuses --tools given twice and arguments it does not know', () => {
    expect(messageOf(parse(['--tools', 'hover', '--tools', 'rename_symbol']))).toContain('more than once');
    expect(messageOf(parse(['--verbose']))).toContain('unknown argument "--verbose"');
    expect(messageOf(parse(['hover']))).toContain('unknown argument "hover"');
  });

  it('expands the presets, alone or with tool names, keeping the server order', () => {
    const all = ['find_references', 'go_to_definition', 'rename_symbol', 'get_diagnostics', 'hover', 'document_symbols', 'call_hierarchy'];
    const parseAll = (argv: string[], env: Record<string, string> = {}): ServerArgs => parseServerArgs(argv, env, all);
    expect(parseAll(['--tools', 'core'])).toEqual({
      kind: 'serve',
      tools: ['find_references', 'go_to_definition', 'rename_symbol', 'get_diagnostics'],
    });
    expect(parseAll(['--tools', 'navigation'])).toEqual({
      kind: 'serve',
      tools: ['find_references', 'go_to_definition', 'hover', 'document_symbols', 'call_hierarchy'],
    });
    expect(parseAll(['--tools=all'])).toEqual({ kind: 'serve', tools: all });
    expect(parseAll([], { LSP_BRIDGE_TOOLS: 'hover, core' })).toEqual({
      kind: 'serve',
      tools: ['find_references', 'go_to_definition', 'rename_symbol', 'get_diagnostics', 'hover'],
    });
  });

  it('names the presets and their tools when it refuses a name, and in the usage', () => {
    const message = messageOf(parse(['--tools', 'basic']));
    expect(message).toContain('; core (find_references, go_to_definition, rename_symbol, get_diagnostics); navigation (');
    expect(message).toContain('Presets: default (');
    expect(message).toContain('all (every tool)');
    expect(usage(NAMES)).toContain('Presets: default (');
  });

  it('answers help for --help or -h wherever it is', () => {
    expect(parse(['--help'])).toEqual({ kind: 'help' });
    expect(parse(['--tools', 'nope', '-h'])).toEqual({ kind: 'help' });
  });

  it('answers version for --version wherever it is, help taking precedence', () => {
    expect(parse(['--version'])).toEqual({ kind: 'version' });
    expect(parse(['--tools', 'nope', '--version'])).toEqual({ kind: 'version' });
    expect(parse(['--version', '--help'])).toEqual({ kind: 'help' });
  });

  it('prints usage with the option, the environment variable and every tool name', () => {
    const text = usage(NAMES);
    expect(text).toContain('--tools <names>');
    expect(text).toContain('--version');
    expect(text).toContain('LSP_BRIDGE_TOOLS');
    expect(text).toContain(NAMES.join(', '));
  });
});
