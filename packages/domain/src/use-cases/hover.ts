import type { ToolError } from '../errors/bridge-error.js';
import type { HoverInput } from '../model/inputs.js';
import type { HoverResult } from '../model/results.js';
import type { Signal } from '../model/signal.js';
import { guard } from './guard.js';
import type { BridgePorts } from './ports.js';
import { resolvePositionQuery } from './resolve-address.js';

/** Documentation longer than this is cut at a line break: an agent needs the gist, not a manual. */
export const MAX_HOVER_DOCUMENTATION = 2000;

/** The type signature and documentation of a symbol, as plain text. */
export function hover(ports: BridgePorts, input: HoverInput, signal: Signal): Promise<HoverResult | ToolError> {
  return guard(signal, async () => {
    const query = await resolvePositionQuery(ports, input, signal);
    if ('success' in query) return query;
    const { scope, target } = query;
    const answer = await ports.symbols.hover(scope, { path: target.path, offset: target.identifier.start });
    const symbolName = target.identifier.text;
    if (answer === undefined || answer.signature.trim() === '') return { success: true, symbolName };
    const documentation = trimDocumentation(answer.documentation.trim());
    return {
      success: true,
      symbolName,
      signature: answer.signature.trim(),
      ...(documentation.text === '' ? {} : { documentation: documentation.text }),
      ...(documentation.truncated ? { truncated: true } : {}),
      ...(answer.language === undefined ? {} : { language: answer.language }),
    };
  });
}

function trimDocumentation(text: string): { text: string; truncated: boolean } {
  if (text.length <= MAX_HOVER_DOCUMENTATION) return { text, truncated: false };
  const cut = text.lastIndexOf('\n', MAX_HOVER_DOCUMENTATION);
  const end = cut > MAX_HOVER_DOCUMENTATION / 2 ? cut : MAX_HOVER_DOCUMENTATION;
  return { text: `${text.slice(0, end).trimEnd()}\n…`, truncated: true };
}
