import { URI } from 'vscode-uri';

/** The `file:` URI of an absolute path, as servers expect it (percent-encoded, never hand-built). */
export function uriOf(path: string): string {
  return URI.file(path).toString();
}

export function pathOf(uri: string): string {
  return URI.parse(uri).fsPath;
}
