import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/errors/error-codes.js';
import { neverAborted } from '../../src/testing/index.js';
import { ROOT, errorOf, successOf } from '../workspace-fixture.js';
import { renameSymbol } from '../../src/use-cases/rename-symbol.js';
import { B_TS, C_TS, input, workspace } from './rename-symbol-fixture.js';

describe('renameSymbol: when files change during a rename', () => {
  it('writes the edits applied to the texts they were computed from, even if the file changed since', async () => {
    const { ws, b } = workspace();
    // Another program edits b.ts after the locations were computed (during the conflict check).
    ws.symbols.simulation = (simulation) => {
      ws.symbols.texts.set(b, `// inserted\n${B_TS}`);
      return {
        referentsBefore: simulation.before.map(() => []),
        referentsAfter: simulation.after.map(() => []),
        errorsBefore: new Map(),
        errorsAfter: new Map(),
      };
    };
    successOf(await renameSymbol(ws.ports, input('sum'), neverAborted));
    const change = ws.writer.written[0]?.find((c) => c.path === b);
    expect(change).toEqual({ path: b, expectedText: B_TS, newText: B_TS.replaceAll('total', 'sum') });
  });

  it('answers FILE_CHANGED, not RENAME_CONFLICT, when a file keeps changing while the conflicts are checked', async () => {
    const { ws, b } = workspace();
    let edits = 0;
    ws.symbols.simulation = (simulation) => {
      ws.symbols.texts.set(b, B_TS.replace('total([])', `sumsum${++edits}([])`));
      return {
        referentsBefore: simulation.before.map((site) => [{ path: site.path, start: site.offset, length: 5 }]),
        referentsAfter: simulation.after.map(() => [{ path: b, start: 0, length: 1 }]),
        errorsBefore: new Map(),
        errorsAfter: new Map(),
      };
    };
    const error = errorOf(await renameSymbol(ws.ports, input('sum'), neverAborted));
    expect(error.code).toBe(ErrorCode.FILE_CHANGED);
    expect(error.message).toContain('src/b.ts');
    expect(ws.writer.written).toEqual([]);
  });

  it('plans again, instead of answering RENAME_CONFLICT, when a file changed while the conflicts were checked', async () => {
    const { ws, c } = workspace();
    const edited = `// saved meanwhile\n${C_TS}`;
    ws.symbols.simulation = (simulation) => {
      // The first check runs while another program saves z/c.ts: its answers mean nothing (a conflict here).
      const first = ws.symbols.simulations.length === 1;
      if (first) ws.symbols.texts.set(c, edited);
      return {
        referentsBefore: simulation.before.map((site) => (first ? [{ path: site.path, start: site.offset, length: 5 }] : [])),
        referentsAfter: simulation.after.map(() => (first ? [{ path: c, start: 0, length: 1 }] : [])),
        errorsBefore: new Map(),
        errorsAfter: new Map(),
      };
    };
    ws.symbols.locationsAt = (_at, newName) => {
      const texts = ws.symbols.texts;
      return [...texts.keys()].flatMap((path) =>
        [...(texts.get(path) ?? '').matchAll(/\btotal\b/g)].map((m) => ({ path, start: m.index, length: 5, newText: newName })),
      );
    };
    successOf(await renameSymbol(ws.ports, input('sum'), neverAborted));
    expect(ws.symbols.simulations).toHaveLength(2);
    expect(ws.writer.written[0]?.find((change) => change.path === c)).toEqual({
      path: c,
      expectedText: edited,
      newText: edited.replaceAll('total', 'sum'),
    });
  });

  it('plans again, instead of answering RENAME_CONFLICT, when a file created meanwhile breaks under the old plan', async () => {
    const { ws } = workspace();
    const created = `${ROOT}/src/d.ts`;
    const D_TS = 'import { total } from "./total";\nexport const d = total([2]);\n';
    ws.symbols.simulation = (simulation) => {
      // The first check runs after another program created d.ts, which the plan (made before) does not edit:
      // d.ts, importing the old name from the renamed module, has an error then.
      const first = ws.symbols.simulations.length === 1;
      if (first) ws.symbols.texts.set(created, D_TS);
      const missing = { path: created, start: 9, length: 5, category: 'error' as const, code: 2305, message: 'no exported member' };
      return {
        referentsBefore: simulation.before.map(() => []),
        referentsAfter: simulation.after.map(() => []),
        errorsBefore: new Map([[created, []]]),
        errorsAfter: new Map([[created, first ? [missing] : []]]),
      };
    };
    ws.symbols.locationsAt = (_at, newName) => {
      const texts = ws.symbols.texts;
      return [...texts.keys()].flatMap((path) =>
        [...(texts.get(path) ?? '').matchAll(/\btotal\b/g)].map((m) => ({ path, start: m.index, length: 5, newText: newName })),
      );
    };
    const result = successOf(await renameSymbol(ws.ports, input('sum'), neverAborted));
    expect(ws.symbols.simulations).toHaveLength(2);
    expect(result.filesModified.map((f) => f.filePath)).toContain('src/d.ts');
    expect(ws.writer.written[0]?.find((change) => change.path === created)?.newText).toBe(D_TS.replaceAll('total', 'sum'));
  });

  it('plans again when the service computed its edits on another text of a file than the one it says it had', async () => {
    const { ws, b } = workspace();
    // The service read b.ts with an empty line more at its top (saved by another program between its read and ours).
    const shift = '\r\n'.length;
    let plans = 0;
    ws.symbols.locationsAt = (_at, newName) => {
      const stale = ++plans === 1;
      const texts = ws.symbols.texts;
      return [...texts.keys()].flatMap((path) =>
        [...(texts.get(path) ?? '').matchAll(/\btotal\b/g)].map((m) => ({
          path,
          start: m.index + (stale && path === b ? shift : 0),
          length: 5,
          newText: newName,
        })),
      );
    };
    successOf(await renameSymbol(ws.ports, input('sum'), neverAborted));
    expect(plans).toBeGreaterThan(1);
    expect(ws.writer.written[0]?.find((change) => change.path === b)).toEqual({
      path: b,
      expectedText: B_TS,
      newText: B_TS.replaceAll('total', 'sum'),
    });
  });

  it('plans again while a file is being written (found empty just after it held text), and answers FILE_CHANGED if it stays so', async () => {
    const { ws, c } = workspace();
    ws.symbols.renameInFlux = [c];
    let plans = 0;
    ws.symbols.locationsAt = () => {
      // The other program's write lands after the first plan.
      if (++plans === 2) ws.symbols.renameInFlux = [];
      return undefined;
    };
    successOf(await renameSymbol(ws.ports, input('sum'), neverAborted));
    expect(plans).toBe(2);
    expect(ws.writer.written).toHaveLength(1);

    const stuck = workspace();
    stuck.ws.symbols.renameInFlux = [stuck.c];
    const error = errorOf(await renameSymbol(stuck.ws.ports, input('sum'), neverAborted));
    expect(error.code).toBe(ErrorCode.FILE_CHANGED);
    expect(error.message).toContain('z/c.ts');
    expect(stuck.ws.writer.written).toEqual([]);
  });

  it('plans again when a file was being written while the conflicts were checked', async () => {
    const { ws, c } = workspace();
    ws.symbols.simulation = (simulation) => ({
      referentsBefore: simulation.before.map(() => []),
      referentsAfter: simulation.after.map(() => []),
      errorsBefore: new Map(),
      errorsAfter: new Map(),
      // Seen empty by the first check only: the other program's write lands after it.
      ...(ws.symbols.simulations.length === 1 ? { inFlux: [c] } : {}),
    });
    successOf(await renameSymbol(ws.ports, input('sum'), neverAborted));
    expect(ws.symbols.simulations).toHaveLength(2);
    expect(ws.writer.written).toHaveLength(1);
  });

  it('answers RENAME_CONFLICT when a file the rename does not edit breaks, and the plan made again does not reach it either', async () => {
    const { ws } = workspace();
    const other = ws.file('src/other.ts', 'export class Impl {}\n');
    const broken = { path: other, start: 13, length: 4, category: 'error' as const, code: 2420, message: 'incorrectly implements' };
    ws.symbols.simulation = (simulation) => ({
      referentsBefore: simulation.before.map(() => []),
      referentsAfter: simulation.after.map(() => []),
      errorsBefore: new Map([[other, []]]),
      errorsAfter: new Map([[other, [broken]]]),
    });
    const error = errorOf(await renameSymbol(ws.ports, input('sum'), neverAborted));
    expect(error.code).toBe(ErrorCode.RENAME_CONFLICT);
    expect(error.message).toContain('src/other.ts');
    expect(ws.symbols.simulations).toHaveLength(1);
    expect(ws.writer.written).toEqual([]);
  });

  it('answers RENAME_CONFLICT, planned once, when the conflict is in a file the rename edits', async () => {
    const { ws } = workspace();
    ws.symbols.simulation = (simulation) => ({
      referentsBefore: simulation.before.map((site) => [{ path: site.path, start: site.offset, length: 5 }]),
      referentsAfter: simulation.after.map(() => [{ path: `${ROOT}/src/total.ts`, start: 0, length: 1 }]),
      errorsBefore: new Map(),
      errorsAfter: new Map(),
    });
    const error = errorOf(await renameSymbol(ws.ports, input('sum'), neverAborted));
    expect(error.code).toBe(ErrorCode.RENAME_CONFLICT);
    expect(ws.symbols.simulations).toHaveLength(1);
    expect(ws.writer.written).toEqual([]);
  });
});
