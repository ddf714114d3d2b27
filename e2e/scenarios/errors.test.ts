import { describe, expect } from 'vitest';
import { addBinaryFile } from '../fixtures/generators.js';
import { forEachBackend } from '../helpers/backends.js';
import { errorOf, expectRefusedInput, failedWith } from '../helpers/outcomes.js';
import { ERROR_CODES, type ErrorCode, type ToolErrorResult } from '../helpers/results.js';
import type { BridgeServer, Outcome } from '../helpers/server.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import { codePointLength, linesOf, positionOf } from '../helpers/text.js';
import { verifies } from '../helpers/verifies.js';
import { changedPaths, copyFixture, type Workspace } from '../helpers/workspace.js';

interface At {
  workspaceRoot: string;
  filePath: string;
  line: number;
  column: number;
}

/** The same question asked through every tool that takes a position (and get_diagnostics for the file). */
async function askEveryTool(server: BridgeServer, at: At, options: { diagnostics?: boolean } = {}): Promise<Outcome<unknown>[]> {
  return [
    await server.findReferences(at),
    await server.goToDefinition(at),
    await server.renameSymbol({ ...at, newName: 'renamedByTest' }),
    ...(options.diagnostics === false ? [] : [await server.getDiagnostics({ workspaceRoot: at.workspaceRoot, filePath: at.filePath })]),
  ];
}

/** A call per error condition the suite can cause, with the code it must produce. */
async function errorBattery(server: BridgeServer, ws: Workspace): Promise<{ expected: ErrorCode; outcome: Outcome<unknown> }[]> {
  const config = await ws.read('src/config.ts');
  const comments = await ws.read('src/comments.ts');
  const inRoot = (filePath: string, line = 1, column = 1): At => ({ workspaceRoot: ws.root, filePath, line, column });
  return [
    { expected: 'WORKSPACE_NOT_FOUND', outcome: await server.getDiagnostics({ workspaceRoot: `${ws.base}/no-such-dir` }) },
    { expected: 'FILE_NOT_FOUND', outcome: await server.goToDefinition(inRoot('src/missing.ts')) },
    { expected: 'INVALID_POSITION', outcome: await server.goToDefinition(inRoot('src/config.ts', linesOf(config).length + 5)) },
    {
      expected: 'NO_SYMBOL_AT_POSITION',
      outcome: await server.goToDefinition({ ...inRoot('src/comments.ts'), ...positionOf(comments, 'parseConfig') }),
    },
    { expected: 'UNSUPPORTED_FILE_TYPE', outcome: await server.goToDefinition(inRoot('README.md')) },
    { expected: 'FILE_UNREADABLE', outcome: await server.goToDefinition(inRoot('src/corrupt.ts')) },
    { expected: 'PATH_OUTSIDE_WORKSPACE', outcome: await server.goToDefinition(inRoot('../outside.ts')) },
    {
      expected: 'INVALID_NEW_NAME',
      outcome: await server.renameSymbol({ ...inRoot('src/config.ts'), ...positionOf(config, 'parseConfig('), newName: '1invalid' }),
    },
  ];
}

forEachBackend((backend) => {
  const server = useShared(() => startServer({ backend }));
  const basic = useShared(async () => {
    const ws = await copyFixture('basic');
    await addBinaryFile(ws, 'src/corrupt.ts');
    return ws;
  });

  describe('the error format', () => {
    verifies('AC-1.7.1', 'gives every error exactly success:false and an error with code, message and resolution', async () => {
      const ws = basic();
      for (const { expected, outcome } of await errorBattery(server(), ws)) {
        failedWith(outcome, expected);
        const structured = outcome.structured as ToolErrorResult;
        expect(Object.keys(structured).sort(), expected).toEqual(['error', 'success']);
        expect(Object.keys(structured.error).sort(), expected).toEqual(['code', 'message', 'resolution']);
        expect(structured.error.message.trim(), expected).not.toBe('');
        expect(structured.error.resolution.trim(), expected).not.toBe('');
        expect(outcome.text.trim(), expected).not.toBe('');
      }
    });

    verifies('AC-1.7.2', 'uses only documented codes, the same for the same condition in every tool', async () => {
      const ws = basic();
      for (const { outcome } of await errorBattery(server(), ws)) expect(ERROR_CODES).toContain(errorOf(outcome).code);
      const missingFile = await askEveryTool(server(), { workspaceRoot: ws.root, filePath: 'src/missing.ts', line: 1, column: 1 });
      const missingRoot = await askEveryTool(server(), {
        workspaceRoot: `${ws.base}/no-such-dir`,
        filePath: 'src/config.ts',
        line: 1,
        column: 1,
      });
      for (const outcome of missingFile) failedWith(outcome, 'FILE_NOT_FOUND');
      for (const outcome of missingRoot) failedWith(outcome, 'WORKSPACE_NOT_FOUND');
    });

    verifies('AC-1.7.3', 'gives each kind of error its own resolution', async () => {
      const ws = basic();
      const resolutions = new Map<string, string>();
      for (const { expected, outcome } of await errorBattery(server(), ws))
        resolutions.set(expected, failedWith(outcome, expected).resolution);
      expect(new Set(resolutions.values()).size).toBe(resolutions.size);
    });

    verifies(
      ['AC-1.7.3', 'R-ERR-NO_SYMBOL_AT_POSITION'],
      'lists the identifiers of the line, with their columns, when no symbol is at the position',
      async () => {
        const ws = basic();
        const config = await ws.read('src/config.ts');
        const line = "  const [name = '', retries = '0'] = text.split(':');";
        const { line: lineNumber } = positionOf(config, line);
        const at = { workspaceRoot: ws.root, filePath: 'src/config.ts', line: lineNumber };

        for (const column of [1, positionOf(line, 'const').column, positionOf(line, ' = text').column + 1]) {
          for (const outcome of await askEveryTool(server(), { ...at, column }, { diagnostics: false })) {
            const error = failedWith(outcome, 'NO_SYMBOL_AT_POSITION');
            for (const name of ['name', 'retries', 'text', 'split']) {
              expect(error.resolution).toContain(`${name} (column ${positionOf(line, name).column})`);
            }
          }
        }
      },
    );

    verifies(['AC-1.7.3', 'R-ERR-INVALID_POSITION'], 'names the bounds when a line or column is past the end', async () => {
      const ws = basic();
      const text = await ws.read('src/cli.ts');
      const lines = linesOf(text);
      const wideLine = positionOf(text, 'return config.retries;').line;
      const width = codePointLength(await ws.lineText('src/cli.ts', wideLine));

      for (const outcome of await askEveryTool(
        server(),
        { workspaceRoot: ws.root, filePath: 'src/cli.ts', line: lines.length + 1, column: 1 },
        { diagnostics: false },
      )) {
        const error = failedWith(outcome, 'INVALID_POSITION');
        expect(`${error.message} ${error.resolution}`).toContain(String(lines.length));
      }
      for (const outcome of await askEveryTool(
        server(),
        { workspaceRoot: ws.root, filePath: 'src/cli.ts', line: wideLine, column: width + 2 },
        { diagnostics: false },
      )) {
        const error = failedWith(outcome, 'INVALID_POSITION');
        expect(`${error.message} ${error.resolution}`).toMatch(new RegExp(`\\b(${width}|${width + 1})\\b`));
      }
    });
  });

  describe('error conditions', () => {
    verifies(['R-ERR-WORKSPACE_NOT_FOUND', 'DR-001.3'], 'refuses a workspaceRoot that is missing, relative, or a file', async () => {
      const ws = basic();
      for (const workspaceRoot of [`${ws.base}/no-such-dir`, 'relative/project', ws.path('src/config.ts')]) {
        const outcomes = await askEveryTool(server(), { workspaceRoot, filePath: 'src/config.ts', line: 1, column: 1 });
        outcomes.push(await server().getDiagnostics({ workspaceRoot }));
        for (const outcome of outcomes) failedWith(outcome, 'WORKSPACE_NOT_FOUND');
      }
    });

    verifies('R-ERR-FILE_NOT_FOUND', 'refuses a file that does not exist, or is a directory', async () => {
      const ws = basic();
      for (const filePath of ['src/missing.ts', 'src']) {
        for (const outcome of await askEveryTool(server(), { workspaceRoot: ws.root, filePath, line: 1, column: 1 }))
          failedWith(outcome, 'FILE_NOT_FOUND');
      }
    });

    verifies('EC-001.3', 'refuses a symbol name inside a comment, a string or a template literal', async () => {
      const ws = basic();
      const text = await ws.read('src/comments.ts');
      const before = await ws.snapshot();
      for (const occurrence of [1, 2, 3]) {
        const at = { workspaceRoot: ws.root, filePath: 'src/comments.ts', ...positionOf(text, 'parseConfig', occurrence) };
        for (const outcome of await askEveryTool(server(), at, { diagnostics: false })) failedWith(outcome, 'NO_SYMBOL_AT_POSITION');
      }
      expect(changedPaths(before, await ws.snapshot())).toEqual([]);
    });

    verifies('R-ERR-UNSUPPORTED_FILE_TYPE', 'refuses files that are not TypeScript or JavaScript', async () => {
      const ws = basic();
      for (const filePath of ['README.md', 'src/data.json']) {
        for (const outcome of await askEveryTool(server(), { workspaceRoot: ws.root, filePath, line: 1, column: 1 })) {
          failedWith(outcome, 'UNSUPPORTED_FILE_TYPE');
        }
      }
    });

    verifies('R-ERR-FILE_UNREADABLE', 'refuses a binary file as the target of a position', async () => {
      const ws = basic();
      const at = { workspaceRoot: ws.root, filePath: 'src/corrupt.ts', line: 1, column: 1 };
      for (const outcome of await askEveryTool(server(), at, { diagnostics: false })) failedWith(outcome, 'FILE_UNREADABLE');
    });

    verifies('R-ERR-INVALID_INPUT', 'refuses arguments of the wrong type or range', async () => {
      const ws = basic();
      const at = { workspaceRoot: ws.root, filePath: 'src/config.ts', line: 1, column: 1 };
      const s = server();
      await expectRefusedInput(() => s.callRaw('find_references', { ...at, filePath: '' }), 'empty filePath');
      await expectRefusedInput(() => s.callRaw('find_references', { ...at, line: 1.5 }), 'fractional line');
      // A column out of the line's bounds (negative included) is a position error, with the bounds.
      failedWith(await s.callRaw('find_references', { ...at, column: -3 }), 'INVALID_POSITION');
      await expectRefusedInput(() => s.callRaw('find_references', { ...at, limit: 0 }), 'limit 0');
      await expectRefusedInput(() => s.callRaw('find_references', { ...at, includeNodeModules: 'yes' }), 'includeNodeModules as string');
      await expectRefusedInput(() => s.callRaw('go_to_definition', { ...at, workspaceRoot: 42 }), 'numeric workspaceRoot');
      await expectRefusedInput(() => s.callRaw('rename_symbol', { ...at }), 'missing newName');
      await expectRefusedInput(() => s.callRaw('get_diagnostics', {}), 'missing workspaceRoot');
    });
  });
});
