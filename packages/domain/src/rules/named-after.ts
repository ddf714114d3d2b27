/**
 * Functions a language's tooling binds to a symbol by their name, not by a reference a server
 * finds: Go's examples (`ExampleScale`, `ExampleScale_twice`, `ExampleShape_Area`), which
 * `go vet` requires to name an identifier of their package. Renaming the symbol renames it within
 * their names, or `go vet` fails after the rename ("refers to unknown identifier").
 */
export interface NamedAfter {
  /** The files that hold them (`_test.go`), in the directory of the symbol's declaration. */
  readonly fileSuffix: string;
  /** What their names start with before the symbol's (`Example`). */
  readonly prefix: string;
}

/**
 * Where `oldName` sits in `functionName` when the function is named after it (`prefix`, the
 * name, then nothing or `_` and a suffix or member: `ExampleScaleTwice` is another symbol's).
 */
export function nameWithin(functionName: string, rule: NamedAfter, oldName: string): number | undefined {
  const named = `${rule.prefix}${oldName}`;
  return oldName !== '' && (functionName === named || functionName.startsWith(`${named}_`)) ? rule.prefix.length : undefined;
}
