import { resolvePath } from '../rules/paths.js';
import { MAX_WORKSPACE_DIRECTORIES } from '../rules/workspace-limits.js';
import type { CFacts, GoFacts, LanguageFacts, SetupFacts, TypeScriptProjectFacts } from './setup-facts.js';
import { baseName, directoryOf, inDirectory, shellWord } from './shell-words.js';

/** One thing in the way of exact answers, and what fixes it. */
export interface SetupProblem {
  /** `error`: files of a language present in the workspace get no answers at all; `warning`: answers are poorer, or slow. */
  readonly severity: 'error' | 'warning';
  /** The language it concerns, for people (`C/C++`). */
  readonly language?: string;
  /** What is wrong, and what the bridge does meanwhile. */
  readonly message: string;
  /** What fixes it: a command to paste where one does. */
  readonly fix: string;
}

/** The facts, the problems found in them, and whether every language present is served. */
export interface SetupReport extends SetupFacts {
  readonly success: true;
  /** No problem of severity `error`: every language with files in the workspace has a server that can run. */
  readonly ready: boolean;
  readonly problems: readonly SetupProblem[];
}

/**
 * The set-up check's one rule: which facts are problems, how each is worded, and the command
 * that fixes it. A language with files but no server is an error (its calls all fail); what
 * makes answers poorer or slow (no compile flags, no Go module, a declared compiler not
 * installed) is a warning.
 */
export function diagnoseSetup(facts: SetupFacts): SetupReport {
  const problems: SetupProblem[] = [];
  if (facts.languageConfigError !== undefined)
    problems.push({ severity: 'error', message: facts.languageConfigError.message, fix: facts.languageConfigError.resolution });
  if (facts.listingIncomplete) {
    problems.push({
      severity: 'warning',
      message: `${facts.root} has more than ${MAX_WORKSPACE_DIRECTORIES.toLocaleString('en')} directories, the most a listing walks: its files were not counted, and a call without a tsconfig.json or jsconfig.json to narrow it is refused.`,
      fix: "Check the project's own directory instead (not a home directory or /).",
    });
  } else if (facts.languages.every((language) => language.fileCount === 0)) {
    problems.push({
      severity: 'warning',
      message: `No file under ${facts.root} is of a language the bridge serves (${facts.languages.map(servedExtensions).join('; ')}).`,
      fix: `Check the project's own directory instead, or configure a server for its files in ${resolvePath(facts.root, '.lsp.json')}.`,
    });
  }
  for (const language of facts.languages.filter((l) => l.fileCount > 0)) problems.push(...serverProblems(facts.root, language));
  if (facts.c !== undefined) problems.push(...cProblems(facts.root, facts.c));
  if (facts.go !== undefined) problems.push(...goProblems(facts.root, facts.go));
  for (const project of facts.typescriptProjects) problems.push(...typescriptProblems(facts, project));
  for (const broken of facts.brokenProjects) {
    problems.push({
      severity: 'warning',
      language: 'TypeScript/JavaScript',
      message: `${broken.project} cannot be used (${broken.reason}): calls about the files it lists are refused with CONFIG_NOT_FOUND.`,
      fix: `Fix ${resolvePath(facts.root, broken.project)} as the reason says.`,
    });
  }
  // Errors first (what stops answers altogether), each kind in the order found.
  const ordered = [...problems.filter((p) => p.severity === 'error'), ...problems.filter((p) => p.severity !== 'error')];
  return { ...facts, success: true, ready: ordered.every((problem) => problem.severity !== 'error'), problems: ordered };
}

function servedExtensions(language: LanguageFacts): string {
  return `${language.displayName} ${language.extensions.join(' ')}`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

function serverProblems(root: string, language: LanguageFacts): SetupProblem[] {
  const { server } = language;
  const files = plural(language.fileCount, `${language.displayName} file`);
  if (server.path === undefined) {
    const fix =
      server.install ??
      (language.source === 'lsp.json'
        ? `Install ${server.name}, or set its path ("command") in ${resolvePath(root, '.lsp.json')}.`
        : server.kind === 'bundled'
          ? `Reinstall mcp-lsp-bridge: ${server.name} is one of its dependencies.`
          : `Install ${server.name}.`);
    return [
      {
        severity: 'error',
        language: language.displayName,
        message:
          `${server.missing ?? `${server.name} is not installed`} (${files} in the workspace): every call about them fails with ` +
          'LANGUAGE_SERVER_NOT_FOUND, and project-wide calls list them as failures.',
        fix,
      },
    ];
  }
  if (server.versionError === undefined) return [];
  return [
    {
      severity: 'warning',
      language: language.displayName,
      message: `${server.name} (${server.path}) did not tell its version (${server.versionError}): it may fail to start.`,
      fix: reinstall(server.install) ?? `Reinstall ${server.name}.`,
    },
  ];
}

function reinstall(install: string | undefined): string | undefined {
  return install?.startsWith('apt-get install ') === true ? install.replace('apt-get install ', 'apt-get install --reinstall ') : install;
}

function cProblems(root: string, c: CFacts): SetupProblem[] {
  if (c.compilationDatabase !== undefined) return [];
  const flags = (c.headerDirectories.length > 0 ? c.headerDirectories : ['.']).map((dir) => shellWord(`-I${dir}`));
  const fix =
    c.buildSystem === 'cmake'
      ? inDirectory(root, 'cmake -S . -B build -DCMAKE_EXPORT_COMPILE_COMMANDS=ON')
      : c.buildSystem === 'meson'
        ? inDirectory(root, 'meson setup build')
        : c.buildSystem === 'make'
          ? `apt-get install bear && ${inDirectory(root, 'bear -- make')}`
          : inDirectory(root, `printf '%s\\n' ${flags.join(' ')} > compile_flags.txt`);
  return [
    {
      severity: 'warning',
      language: 'C/C++',
      message:
        'No compile_commands.json or compile_flags.txt: clangd reads each file with default flags, without the include paths ' +
        "and macros of the build, so an #include of a project header outside the file's directory is not found (an error that " +
        'hides the errors after it), and a .h file is read as C++.',
      fix,
    },
  ];
}

function goProblems(root: string, go: GoFacts): SetupProblem[] {
  const problems: SetupProblem[] = [];
  if (go.toolchain.path === undefined) {
    problems.push({
      severity: 'error',
      language: 'Go',
      message: `gopls loads packages with the go command, which is not installed (${go.toolchain.missing ?? 'not found'}): every Go call fails.`,
      fix: go.toolchain.install ?? 'Install Go.',
    });
  }
  if (go.module === undefined && go.nestedModules.length > 0) {
    problems.push({
      severity: 'warning',
      language: 'Go',
      message:
        `No go.mod or go.work at the root, only below it (${go.nestedModules.join(', ')}): gopls answers for the module at ` +
        'the workspace root, so the modules below it are not read as modules.',
      fix: `${inDirectory(root, `go work init ${go.nestedModules.map((mod) => shellWord(`./${directoryOf(mod)}`)).join(' ')}`)}, or run the bridge on one module's directory.`,
    });
  } else if (go.module === undefined) {
    problems.push({
      severity: 'warning',
      language: 'Go',
      message:
        'No go.mod: gopls reads each directory as a package of its own, without a module path, so no package of the ' +
        'workspace can import another.',
      fix: inDirectory(root, `go mod init ${moduleName(root)}`),
    });
  }
  if (go.missingRequirements.length > 0) {
    const shown = go.missingRequirements.slice(0, 5).join(', ') + (go.missingRequirements.length > 5 ? ', …' : '');
    problems.push({
      severity: 'warning',
      language: 'Go',
      message:
        `go.mod requires ${plural(go.missingRequirements.length, 'module')} not in the module cache (${shown}): gopls has the go ` +
        'command download them before it answers, and without network access its first calls wait, then fail.',
      fix: inDirectory(root, 'go mod download'),
    });
  }
  return problems;
}

/** A module path for `go mod init`: the root's name, in the letters a module path allows. */
function moduleName(root: string): string {
  const name = baseName(root)
    .toLowerCase()
    .replace(/[^a-z0-9._~-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  return name === '' ? 'app' : name;
}

function typescriptProblems(facts: SetupFacts, project: TypeScriptProjectFacts): SetupProblem[] {
  const { declared, installed, compiler } = project;
  if (declared === undefined || installed !== undefined) return [];
  const manifestDir = resolvePath(facts.root, directoryOf(declared.manifest));
  return [
    {
      severity: 'warning',
      language: 'TypeScript/JavaScript',
      message:
        `${project.project}: ${declared.manifest} asks for typescript ${declared.range}, which is not installed: ` +
        `the bundled TypeScript${compiler === undefined ? '' : ` ${compiler.version}`} answers for it instead.`,
      fix: inDirectory(manifestDir, `${facts.packageManager} install`),
    },
  ];
}
