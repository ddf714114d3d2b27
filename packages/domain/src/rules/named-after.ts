/**
 * Functions a language's tooling binds to a symbol by their name, not by a reference a server
 * finds: Go's examples (`ExampleScale`, `ExampleScale_twice`, `ExampleShape_Area`), which
 * `go vet` requires to name an identifier of their package (a method: `ExampleT_M`, "refers to unknown field or method"). Renaming the symbol renames it within
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
 * A method's name is named after its receiver's type first (`ExampleShape_Area`, `ExampleShape_Area_big`
 * for `Area` of `Shape`), so `receiver` is given for a method.
 */
export function nameWithin(functionName: string, rule: NamedAfter, oldName: string, receiver?: string): number | undefined {
  if (oldName === '' || receiver === '') return undefined;
  const before = receiver === undefined ? rule.prefix : `${rule.prefix}${receiver}_`;
  const named = `${before}${oldName}`;
  return functionName === named || functionName.startsWith(`${named}_`) ? before.length : undefined;
}

/** What the names of the functions named after a symbol start with (to find the files that may hold one). */
export function namedAfterStem(rule: NamedAfter, oldName: string, receiver?: string): string {
  return receiver === undefined ? `${rule.prefix}${oldName}` : `${rule.prefix}${receiver}_${oldName}`;
}
