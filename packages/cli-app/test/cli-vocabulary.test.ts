import { defaultResolution, ErrorCode, OPERATION_NAMES } from '@mcp-lsp-bridge/domain';
import { describe, expect, it } from 'vitest';
import { inCliWords } from '../src/format/cli-vocabulary.js';
import { Fixture } from './helpers/fixture.js';
import { runCli } from './helpers/run-cli.js';

/** MCP's own words: the tools' names and the parameters' that have other names at the command line. */
const MCP_WORDS = new RegExp(
  `\\b(?:${[...OPERATION_NAMES, 'workspaceRoot', 'filePath', 'nodeIds?', 'newName', 'dryRun', 'includeNodeModules'].join('|')})\\b`,
);

describe("error texts in the CLI's words", () => {
  it.each(Object.values(ErrorCode))('%s: its default resolution names no MCP tool or parameter at the command line', (code) => {
    expect(inCliWords(defaultResolution[code])).not.toMatch(MCP_WORDS);
  });

  it('says the commands and options a terminal user types', () => {
    expect(inCliWords(defaultResolution.SYMBOL_NOT_FOUND)).toBe(
      'Run lsp-bridge outline on the file (or lsp-bridge search) to see the names and node ids it declares.',
    );
    expect(inCliWords(defaultResolution.FILE_NOT_FOUND)).toBe(
      'Check that the file path is correct and the file exists; paths are relative to the current directory.',
    );
    expect(inCliWords(defaultResolution.PATH_OUTSIDE_WORKSPACE)).toBe(
      'Pass a path inside --root, or pass a --root that contains the file.',
    );
    expect(inCliWords(defaultResolution.FILE_CHANGED)).toBe(
      'Files changed on disk while the rename was prepared; run lsp-bridge rename again.',
    );
    expect(inCliWords(defaultResolution.AMBIGUOUS_SYMBOL)).toBe(
      'Run the command again with one of the listed node ids, or with a qualified name such as "Class.method".',
    );
    expect(inCliWords(defaultResolution.UNSUPPORTED_FILE_TYPE)).toContain('in <root>/.lsp.json.');
    expect(
      inCliWords('Address the symbol in one of three ways: filePath + line + column, filePath + symbol (e.g. "Calculator.add"), or nodeId'),
    ).toBe('Address the symbol in one of three ways: file:line:col, <file> --symbol <name> (e.g. "Calculator.add"), or a node id');
  });

  it("leaves the user's own text alone: quoted names, node ids, paths", () => {
    const text = 'No symbol named "filePath" in src/workspaceRoot.ts; closest: function:src/a.ts:newName. Call document_symbols.';
    expect(inCliWords(text)).toBe(
      'No symbol named "filePath" in src/workspaceRoot.ts; closest: function:src/a.ts:newName. Run lsp-bridge outline.',
    );
  });

  it('is what a refusal prints at the command line', async () => {
    await using fx = await Fixture.of({ 'src/calc.ts': 'export class Calculator {}\n' });
    const run = await runCli(['hover', 'src/calc.ts', '--symbol', 'Nothing'], { cwd: fx.root });
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/^lsp-bridge: error SYMBOL_NOT_FOUND: .+\nResolution: .*lsp-bridge outline/);
    expect(run.stderr).not.toMatch(MCP_WORDS);
  });
});
