import { join } from 'node:path';
import ts from 'typescript';

/** One compiler diagnostic, as the independent judge (the TypeScript compiler API, as tsc runs it) reports it. */
export interface CompilerError {
  readonly file: string;
  readonly code: number;
}

/**
 * The errors `tsc --noEmit -p <root>` reports, computed in process so that checking after every
 * write stays cheap: the source files whose text did not change (the standard library above
 * all) are parsed once and reused.
 */
export class ProjectChecker {
  private readonly parsed = new Map<string, { text: string; file: ts.SourceFile }>();
  private previous: ts.Program | undefined;

  constructor(private readonly root: string) {}

  errors(): CompilerError[] {
    const configPath = join(this.root, 'tsconfig.json');
    const config = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
    if (config === undefined) throw new Error(`cannot read ${configPath}`);
    const host = ts.createCompilerHost(config.options);
    host.getSourceFile = (fileName, languageVersion) => {
      const text = ts.sys.readFile(fileName);
      if (text === undefined) return undefined;
      const known = this.parsed.get(fileName);
      if (known?.text === text) return known.file;
      const file = ts.createSourceFile(fileName, text, languageVersion);
      this.parsed.set(fileName, { text, file });
      return file;
    };
    const program = ts.createProgram({
      rootNames: config.fileNames,
      options: config.options,
      host,
      ...(this.previous === undefined ? {} : { oldProgram: this.previous }),
    });
    this.previous = program;
    return ts
      .getPreEmitDiagnostics(program)
      .filter((d) => d.category === ts.DiagnosticCategory.Error)
      .map((d) => ({ file: d.file?.fileName ?? '', code: d.code }));
  }
}

/** `a` minus `b`, as multisets of `key`. */
export function multisetMinus<T>(a: readonly T[], b: readonly T[], key: (item: T) => string): T[] {
  const left = new Map<string, number>();
  for (const item of b) left.set(key(item), (left.get(key(item)) ?? 0) + 1);
  return a.filter((item) => {
    const n = left.get(key(item)) ?? 0;
    if (n > 0) left.set(key(item), n - 1);
    return n === 0;
  });
}
