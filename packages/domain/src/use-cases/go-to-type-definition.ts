import type { ToolError } from '../errors/bridge-error.js';
import type { GoToTypeDefinitionInput } from '../model/inputs.js';
import type { GoToTypeDefinitionResult } from '../model/results.js';
import type { Signal } from '../model/signal.js';
import { definitionItems } from './go-to-definition.js';
import { guard } from './guard.js';
import type { BridgePorts } from './ports.js';
import { resolvePositionQuery } from './resolve-address.js';

/**
 * The declarations of the type of the symbol at a position (of a variable, parameter,
 * property or call: its type; of a type: the type itself), through aliases and generics, as
 * the compiler or the language server resolves them. Same items as `goToDefinition`.
 */
export function goToTypeDefinition(
  ports: BridgePorts,
  input: GoToTypeDefinitionInput,
  signal: Signal,
): Promise<GoToTypeDefinitionResult | ToolError> {
  return guard(signal, async () => {
    const query = await resolvePositionQuery(ports, input, signal);
    if ('success' in query) return query;
    const { scope, target } = query;
    const spans = await ports.symbols.typeDefinitions(scope, { path: target.path, offset: target.identifier.start });
    return { success: true, symbolName: target.identifier.text, definitions: await definitionItems(ports, query, spans) };
  });
}
