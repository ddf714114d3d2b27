import ts from 'typescript';
import { expect } from 'vitest';
import { forEachBackend } from '../helpers/backends.js';
import { succeeded } from '../helpers/outcomes.js';
import { startServer } from '../helpers/server.js';
import { useShared } from '../helpers/shared.js';
import { verifies } from '../helpers/verifies.js';
import { changedPaths, copyFixture } from '../helpers/workspace.js';

/**
 * The oracle: TypeScript's own formatter, asked directly through a LanguageService over the one
 * file, with the settings the fixture's .editorconfig gives (indent_style = space, indent_size = 2).
 */
function typescriptFormatted(text: string, range?: { start: number; end: number }): string {
  const name = '/oracle.ts';
  const host: ts.LanguageServiceHost = {
    getScriptFileNames: () => [name],
    getScriptVersion: () => '1',
    getScriptSnapshot: (file) => (file === name ? ts.ScriptSnapshot.fromString(text) : undefined),
    getCurrentDirectory: () => '/',
    getCompilationSettings: () => ({}),
    getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
    fileExists: (file) => file === name,
    readFile: (file) => (file === name ? text : undefined),
  };
  const service = ts.createLanguageService(host);
  const options = { ...ts.getDefaultFormatCodeSettings('\n'), indentSize: 2, tabSize: 2, convertTabsToSpaces: true };
  const edits =
    range === undefined
      ? service.getFormattingEditsForDocument(name, options)
      : service.getFormattingEditsForRange(name, range.start, range.end, options);
  // TypeScript lists its edits in text order, an insertion before a replacement at the same place: applied from the last.
  let out = text;
  for (const edit of [...edits].reverse()) {
    out = out.slice(0, edit.span.start) + edit.newText + out.slice(edit.span.start + edit.span.length);
  }
  return out;
}

/** `text` with each changed line (or run of lines) replaced as a result lists it; its old text checked first. */
function withLineChanges(text: string, changes: readonly { line: number; oldText: string; newText: string }[]): string {
  const lines = text.split('\n');
  for (const change of [...changes].sort((a, b) => b.line - a.line)) {
    const count = change.oldText.split('\n').length;
    expect(lines.slice(change.line - 1, change.line - 1 + count).join('\n')).toBe(change.oldText);
    lines.splice(change.line - 1, count, ...change.newText.split('\n'));
  }
  return lines.join('\n');
}

forEachBackend((backend) => {
  const server = useShared(() => startServer({ backend, args: ['--tools', 'all'] }));
  const FILE = 'src/format-me.ts';

  verifies(
    'I26-FORMAT-TYPESCRIPT',
    "formats a file exactly as TypeScript's formatter does with the .editorconfig's indentation",
    async () => {
      await using ws = await copyFixture('code-actions');
      const text = await ws.read(FILE);
      const expected = typescriptFormatted(text);
      expect(expected).not.toBe(text);
      const result = succeeded(await server().call('format_file', { workspaceRoot: ws.root, filePath: FILE }));
      expect(result.applied).toBe(true);
      expect(await ws.read(FILE)).toBe(expected);
      expect(withLineChanges(text, result.changes)).toBe(expected);
      const again = succeeded(await server().call('format_file', { workspaceRoot: ws.root, filePath: FILE }));
      expect(again).toMatchObject({ changeCount: 0, applied: false, changes: [] });
    },
  );

  verifies('I26-FORMAT-TYPESCRIPT', 'formats only the lines asked for', async () => {
    await using ws = await copyFixture('code-actions');
    const text = await ws.read(FILE);
    const lines = text.split('\n');
    // Lines 6 and 7: from the start of line 6 to the end of line 7.
    const start = lines.slice(0, 5).join('\n').length + 1;
    const end = start + (lines[5] ?? '').length + 1 + (lines[6] ?? '').length;
    const expected = typescriptFormatted(text, { start, end });
    succeeded(await server().call('format_file', { workspaceRoot: ws.root, filePath: FILE, line: 6, endLine: 7 }));
    const formatted = await ws.read(FILE);
    expect(formatted).toBe(expected);
    expect(formatted.split('\n').slice(0, 5)).toEqual(lines.slice(0, 5));
  });

  verifies('I26-FORMAT-DRY-RUN', 'a dry run writes nothing and lists the lines formatting changes', async () => {
    await using ws = await copyFixture('code-actions');
    const text = await ws.read(FILE);
    const snapshot = await ws.snapshot();
    const result = succeeded(await server().call('format_file', { workspaceRoot: ws.root, filePath: FILE, dryRun: true }));
    expect(changedPaths(snapshot, await ws.snapshot())).toEqual([]);
    expect(result.applied).toBe(false);
    expect(result.changes.length).toBeGreaterThan(0);
    expect(withLineChanges(text, result.changes)).toBe(typescriptFormatted(text));
  });
});
