import { describeCompiler } from '../rules/compilers.js';
import type { BackgroundServerFacts, LanguageFacts, ServerFacts, TypeScriptProjectFacts } from './setup-facts.js';
import type { SetupReport } from './setup-report.js';

/**
 * The set-up report as people read it, the same on every surface (`lsp-bridge doctor`, the MCP
 * resource): the workspace, each language with its files and server, the TypeScript projects,
 * C's flags and Go's module, the background servers, then the problems, each with its fix.
 */
export function describeSetup(report: SetupReport): string[] {
  const lines = [`Workspace ${report.root} (LSP_BRIDGE_BACKEND=${report.backend})`, '', 'Languages:'];
  const width = Math.max(...report.languages.map((language) => language.displayName.length));
  const counts = report.languages.map((language) => files(report, language));
  const countWidth = Math.max(...counts.map((count) => count.length));
  report.languages.forEach((language, i) =>
    lines.push(`  ${language.displayName.padEnd(width)}  ${(counts[i] ?? '').padEnd(countWidth)}  ${server(language.server)}`),
  );
  if (report.typescriptProjects.length > 0) {
    lines.push('', 'TypeScript projects:');
    for (const project of report.typescriptProjects) lines.push(`  ${project.project}  ${compiler(project)}`);
  }
  if (report.c !== undefined) {
    const database = report.c.compilationDatabase;
    lines.push('', `C/C++ compile flags: ${database === undefined ? 'none (no compile_commands.json or compile_flags.txt)' : database}`);
  }
  if (report.go !== undefined) {
    const module =
      report.go.module ?? (report.go.nestedModules.length > 0 ? `none at the root (below: ${report.go.nestedModules.join(', ')})` : 'none');
    lines.push('', `Go module: ${module}; go command: ${server(report.go.toolchain)}`);
  }
  if (report.backgroundServers !== undefined) lines.push('', ...backgroundServers(report.backgroundServers));
  lines.push('');
  if (report.problems.length === 0) lines.push('No problems found.');
  else {
    lines.push(`Problems (${report.problems.length}):`);
    for (const problem of report.problems) {
      lines.push(
        `  ${problem.severity}${problem.language === undefined ? '' : ` (${problem.language})`}: ${problem.message}`,
        `    fix: ${problem.fix}`,
      );
    }
  }
  lines.push(
    report.ready
      ? 'Ready: every language with files here has a server that can run.'
      : 'Not ready: files of a language here have no server that can run (the errors above).',
  );
  return lines;
}

function files(report: SetupReport, language: LanguageFacts): string {
  if (report.listingIncomplete) return 'files not counted';
  return language.fileCount === 0 ? 'no files' : `${language.fileCount} file${language.fileCount === 1 ? '' : 's'}`;
}

function server(facts: ServerFacts): string {
  if (facts.path === undefined) return `${facts.name}: not installed${facts.install === undefined ? '' : ` (${facts.install})`}`;
  const version = facts.version ?? (facts.versionError === undefined ? 'version not asked' : 'version unknown');
  return `${facts.name} ${version} (${facts.kind === 'bundled' ? 'bundled, ' : ''}${facts.path})`;
}

function compiler(project: TypeScriptProjectFacts): string {
  return project.compiler === undefined ? 'the configured server (its compiler cannot be told)' : describeCompiler(project.compiler);
}

function backgroundServers(facts: BackgroundServerFacts): string[] {
  const live = facts.servers.filter((s) => s.live).length;
  const left = facts.servers.length - live;
  const head = `Background servers (${facts.directory}): ${live} running${left === 0 ? '' : `, ${left} socket${left === 1 ? '' : 's'} left by one that stopped`}`;
  return [
    head,
    ...facts.servers.map(
      (s) =>
        `  ${s.socket}  ${s.live ? 'running' : 'not answering'}${s.pid === undefined ? '' : `, pid ${s.pid}`}${s.since === undefined ? '' : `, since ${s.since}`}`,
    ),
  ];
}

/**
 * Why a program's version is unknown when its answer to the version query names none (the
 * answer's first line), or its package's manifest has no version: the `versionError` fact
 * a set-up adapter reports, worded here.
 */
export function unnamedVersion(where: { readonly answer: string } | { readonly manifest: string }): string {
  return 'answer' in where ? `its answer names no version: ${where.answer}` : `${where.manifest} names no version`;
}
