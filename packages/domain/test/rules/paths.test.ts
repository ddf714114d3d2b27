import { describe, expect, it } from 'vitest';
import {
  SUPPORTED_EXTENSIONS,
  displayPath,
  isAbsolutePath,
  isDeclarationFile,
  isDependencyPath,
  isExternalPath,
  isInNodeModules,
  isInsideRoot,
  isSupportedSourceFile,
  isWorkspaceSource,
  normalizePath,
  relativeToRoot,
  resolvePath,
} from '../../src/rules/paths.js';

describe('normalizePath', () => {
  it('collapses ".", ".." and repeated separators', () => {
    expect(normalizePath('/w//app/./src/../lib/x.ts')).toBe('/w/app/lib/x.ts');
  });

  it('turns backslashes into slashes', () => {
    expect(normalizePath('src\\util\\a.ts')).toBe('src/util/a.ts');
  });

  it('never climbs above "/" in an absolute path', () => {
    expect(normalizePath('/../../etc/x')).toBe('/etc/x');
    expect(normalizePath('/..')).toBe('/');
  });

  it('keeps leading ".." of a relative path', () => {
    expect(normalizePath('a/../../b')).toBe('../b');
  });

  it('makes an empty relative path "."', () => {
    expect(normalizePath('a/..')).toBe('.');
    expect(normalizePath('')).toBe('.');
  });

  it('drops a trailing slash', () => {
    expect(normalizePath('/w/app/')).toBe('/w/app');
  });

  it('keeps a path that is normal already as it is, names that start with dots included', () => {
    for (const path of ['/', '/w/app/src/a.ts', 'src/a.ts', '/w/.venv/x', '/w/..a/b', '/w/a../b', 'a', '.a']) {
      expect(normalizePath(path)).toBe(path);
    }
  });

  it('collapses a "." or ".." segment wherever it is, first or last', () => {
    expect(normalizePath('.')).toBe('.');
    expect(normalizePath('..')).toBe('..');
    expect(normalizePath('./a')).toBe('a');
    expect(normalizePath('/w/a/.')).toBe('/w/a');
    expect(normalizePath('/w/a/..')).toBe('/w');
    expect(normalizePath('//w')).toBe('/w');
    expect(normalizePath('a\\b')).toBe('a/b');
  });
});

describe('isAbsolutePath', () => {
  it('is true only for paths starting with "/"', () => {
    expect(isAbsolutePath('/w/app')).toBe(true);
    expect(isAbsolutePath('w/app')).toBe(false);
    expect(isAbsolutePath('./app')).toBe(false);
  });
});

describe('resolvePath', () => {
  it('joins a relative path to the base', () => {
    expect(resolvePath('/w/app', 'src/a.ts')).toBe('/w/app/src/a.ts');
  });

  it('lets an absolute path win over the base', () => {
    expect(resolvePath('/w/app', '/elsewhere/a.ts')).toBe('/elsewhere/a.ts');
  });

  it('resolves ".." that climbs out of the base to a path outside it', () => {
    const resolved = resolvePath('/w/app', '../app-evil/x.ts');
    expect(resolved).toBe('/w/app-evil/x.ts');
    expect(isInsideRoot('/w/app', resolved)).toBe(false);
  });
});

describe('isInsideRoot', () => {
  it('contains paths below the root', () => {
    expect(isInsideRoot('/w/app', '/w/app/src/a.ts')).toBe(true);
  });

  it('counts the root itself as inside', () => {
    expect(isInsideRoot('/w/app', '/w/app')).toBe(true);
    expect(isInsideRoot('/w/app/', '/w/app')).toBe(true);
  });

  it('does not contain a sibling whose name starts with the root name', () => {
    expect(isInsideRoot('/w/app', '/w/app-evil')).toBe(false);
    expect(isInsideRoot('/w/app', '/w/app-evil/x.ts')).toBe(false);
    expect(isInsideRoot('/w/app', '/w/application.ts')).toBe(false);
  });

  it('does not contain the parent or an unnormalised path that climbs out', () => {
    expect(isInsideRoot('/w/app', '/w')).toBe(false);
    expect(isInsideRoot('/w/app', '/w/app/../other/x.ts')).toBe(false);
  });

  it('lets "/" contain every absolute path and no relative one', () => {
    expect(isInsideRoot('/', '/any/where.ts')).toBe(true);
    expect(isInsideRoot('/', 'relative.ts')).toBe(false);
  });
});

describe('relativeToRoot', () => {
  it('returns the path below the root with "/" separators', () => {
    expect(relativeToRoot('/w/app', '/w/app/src/util/a.ts')).toBe('src/util/a.ts');
  });

  it('returns "." for the root itself', () => {
    expect(relativeToRoot('/w/app', '/w/app')).toBe('.');
  });

  it('works when the root is "/"', () => {
    expect(relativeToRoot('/', '/w/app/a.ts')).toBe('w/app/a.ts');
  });
});

describe('isInNodeModules', () => {
  it('detects a node_modules segment anywhere in the path', () => {
    expect(isInNodeModules('/w/app/node_modules/lib/index.d.ts')).toBe(true);
    expect(isInNodeModules('packages/x/node_modules/@types/node/fs.d.ts')).toBe(true);
  });

  it('ignores names that merely contain "node_modules"', () => {
    expect(isInNodeModules('/w/app/src/node_modules_helper.ts')).toBe(false);
    expect(isInNodeModules('/w/app/my_node_modules/a.ts')).toBe(false);
  });
});

describe('isDependencyPath', () => {
  it('is true for node_modules below the root', () => {
    expect(isDependencyPath('/w/app', '/w/app/node_modules/lib/a.d.ts')).toBe(true);
  });

  it('judges project files only below the root, so a root inside node_modules holds project files', () => {
    expect(isDependencyPath('/home/me/node_modules/pkg', '/home/me/node_modules/pkg/src/a.ts')).toBe(false);
  });

  it("is true for a Python virtual environment's and installed packages' folders below the root", () => {
    expect(isDependencyPath('/w/app', '/w/app/.venv/lib/python3.12/site-packages/requests/api.py')).toBe(true);
    expect(isDependencyPath('/w/app', '/w/app/vendor/site-packages/six.py')).toBe(true);
    expect(isWorkspaceSource('/w/app', '/w/app/.venv/bin/activate_this.py')).toBe(false);
    expect(isWorkspaceSource('/w/app', '/w/app/venv_tools/a.py')).toBe(true);
  });

  it('judges a path outside the root by its own node_modules segments', () => {
    expect(isDependencyPath('/w/app', '/usr/lib/node_modules/typescript/lib/lib.d.ts')).toBe(true);
    expect(isDependencyPath('/w/app', '/w/other/src/a.ts')).toBe(false);
  });
});

describe('isSupportedSourceFile with configured extensions', () => {
  it('takes the extensions it is given instead of TypeScript and JavaScript alone', () => {
    expect(isSupportedSourceFile('/w/app/tool.py')).toBe(false);
    expect(isSupportedSourceFile('/w/app/tool.PY', ['.py', '.ts'])).toBe(true);
    expect(isSupportedSourceFile('/w/app/a.ts', ['.py'])).toBe(false);
  });
});

describe('isWorkspaceSource', () => {
  it('holds the files below the root that are not in a dependency folder', () => {
    expect(isWorkspaceSource('/w/app', '/w/app/src/a.ts')).toBe(true);
    expect(isWorkspaceSource('/w/app', '/w/app')).toBe(true);
  });

  it('leaves out dependencies below the root, files outside it and sibling prefixes', () => {
    expect(isWorkspaceSource('/w/app', '/w/app/node_modules/lib/a.d.ts')).toBe(false);
    expect(isWorkspaceSource('/w/app', '/w/app/packages/x/node_modules/lib/a.ts')).toBe(false);
    expect(isWorkspaceSource('/w/app', '/w/app-evil/src/a.ts')).toBe(false);
    expect(isWorkspaceSource('/w/app', '/w/app/../other/a.ts')).toBe(false);
  });

  it('judges only the part below the root, so a root inside node_modules holds its own sources', () => {
    expect(isWorkspaceSource('/home/me/node_modules/pkg', '/home/me/node_modules/pkg/src/a.ts')).toBe(true);
  });

  it('is the negation of isExternalPath', () => {
    for (const path of ['/w/app/a.ts', '/w/app/node_modules/x.ts', '/elsewhere/a.ts']) {
      expect(isExternalPath('/w/app', path)).toBe(!isWorkspaceSource('/w/app', path));
    }
  });
});

describe('displayPath', () => {
  it('shows project files relative to the root', () => {
    expect(displayPath('/w/app', '/w/app/src/a.ts')).toBe('src/a.ts');
  });

  it('shows files outside the root as absolute paths', () => {
    expect(displayPath('/w/app', '/w/app-evil/x.ts')).toBe('/w/app-evil/x.ts');
  });

  it('shows node_modules files as absolute paths', () => {
    expect(displayPath('/w/app', '/w/app/node_modules/@types/node/index.d.ts')).toBe('/w/app/node_modules/@types/node/index.d.ts');
  });
});

describe('isExternalPath', () => {
  it('is true outside the root and in node_modules, false for project files', () => {
    expect(isExternalPath('/w/app', '/w/other/a.ts')).toBe(true);
    expect(isExternalPath('/w/app', '/w/app/node_modules/lib/a.ts')).toBe(true);
    expect(isExternalPath('/w/app', '/w/app/src/a.ts')).toBe(false);
  });
});

describe('isDeclarationFile', () => {
  it.each(['index.d.ts', 'src/types.d.mts', 'lib/legacy.d.cts', 'styles.d.css.ts', 'UPPER.D.TS'])('recognises %s', (path) => {
    expect(isDeclarationFile(path)).toBe(true);
  });

  it.each(['index.ts', 'd.ts', 'src/a.mts', 'a.d.tsx', 'a.d.js'])('does not take %s for a declaration file', (path) => {
    expect(isDeclarationFile(path)).toBe(false);
  });
});

describe('supported source files', () => {
  // FS-001.6, in the spec's order.
  const specExtensions = ['.ts', '.tsx', '.js', '.jsx', '.mts', '.cts', '.mjs', '.cjs', '.d.ts'];

  it('lists exactly the nine extensions of FS-001.6', () => {
    expect([...SUPPORTED_EXTENSIONS].sort()).toEqual([...specExtensions].sort());
  });

  it.each(specExtensions)('accepts a %s file', (ext) => {
    expect(isSupportedSourceFile(`/w/app/src/file${ext}`)).toBe(true);
  });

  it('accepts upper-case extensions', () => {
    expect(isSupportedSourceFile('/w/app/LEGACY.JS')).toBe(true);
  });

  it.each(['README.md', 'package.json', 'styles.css', 'a.ts.bak', 'Makefile'])('refuses %s', (path) => {
    expect(isSupportedSourceFile(path)).toBe(false);
  });
});
