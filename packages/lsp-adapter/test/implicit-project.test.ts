import { INFERRED_OPTIONS } from '@mcp-lsp-bridge/ts-workspace';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { implicitProjectConfiguration } from '../src/connection/implicit-project.js';
import { typescriptLanguageServer } from '../src/languages/typescript-profiles.js';

describe("typescript-language-server's settings for a workspace without configs", () => {
  it('tell the server the options the in-process backend compiles the inferred project with', () => {
    const settings = typescriptLanguageServer.settings as { implicitProjectConfiguration: Record<string, unknown> };
    const { module, target, ...flags } = settings.implicitProjectConfiguration;
    // TypeScript's own reading of the names the server is given.
    const read = ts.convertCompilerOptionsFromJson({ module, target }, '/');

    expect(read.errors).toEqual([]);
    expect(read.options).toEqual({ module: INFERRED_OPTIONS.module, target: INFERRED_OPTIONS.target });
    expect(flags).toMatchObject({ checkJs: INFERRED_OPTIONS.checkJs, strict: INFERRED_OPTIONS.strict });
  });

  it('spell out the strict family, which follows `strict` unless set on its own', () => {
    expect(implicitProjectConfiguration({ strict: false })).toMatchObject({ strictNullChecks: false, strictFunctionTypes: false });
    expect(implicitProjectConfiguration({ strict: true, strictNullChecks: false })).toMatchObject({
      strictNullChecks: false,
      strictFunctionTypes: true,
    });
  });
});
