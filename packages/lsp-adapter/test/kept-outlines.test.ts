import type { OutlineSymbol } from '@mcp-lsp-bridge/domain';
import { describe, expect, it } from 'vitest';
import { KeptOutlines } from '../src/navigation/kept-outlines.js';

const symbol = (name: string): OutlineSymbol => ({
  name,
  kind: 'function',
  start: 0,
  length: 1,
  nameStart: 0,
  nameLength: 1,
  children: [],
});

describe('KeptOutlines', () => {
  it('asks again only when the file changed', async () => {
    const kept = new KeptOutlines();
    let version = 'v1';
    let made = 0;
    const make = (): Promise<OutlineSymbol[]> => Promise.resolve([symbol(`f${++made}`)]);
    expect((await kept.of('/w/a.ts', () => version, make))[0]?.name).toBe('f1');
    expect((await kept.of('/w/a.ts', () => version, make))[0]?.name).toBe('f1');
    version = 'v2';
    expect((await kept.of('/w/a.ts', () => version, make))[0]?.name).toBe('f2');
    expect(made).toBe(2);
  });

  it('keeps nothing made while the file changed, or of a file without a version', async () => {
    const kept = new KeptOutlines();
    let version: string | undefined = 'v1';
    let made = 0;
    const changing = (): Promise<OutlineSymbol[]> => {
      version = `v${++made + 1}`;
      return Promise.resolve([symbol(`f${made}`)]);
    };
    await kept.of('/w/a.ts', () => version, changing);
    await kept.of('/w/a.ts', () => version, changing);
    expect(made).toBe(2);
    version = undefined;
    const make = (): Promise<OutlineSymbol[]> => Promise.resolve([symbol(`g${++made}`)]);
    await kept.of('/w/b.ts', () => version, make);
    await kept.of('/w/b.ts', () => version, make);
    expect(made).toBe(4);
  });
});
