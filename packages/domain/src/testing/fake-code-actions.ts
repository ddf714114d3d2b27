import type { ActionEdits, CodeActionQuery, CodeActionsAnswer, FormatAnswer, FormatQuery, OfferedAction } from '../ports/code-actions.js';
import type { TextEdit } from '../ports/symbol-index.js';

/** An action the fake offers, with the edits applying it makes. */
export interface FakeAction extends OfferedAction {
  readonly edits: readonly TextEdit[];
}

/**
 * The code-action and formatting part of the fake symbol index: what a test says the service
 * offers for a query, computed again on every call as a real service does.
 */
export class FakeCodeActions {
  /** What the service offers for a query (default nothing). */
  offer: (query: CodeActionQuery, text: string) => readonly FakeAction[] = () => [];
  /** Titles of actions only an editor can run. */
  clientOnly: string[] = [];
  /** The formatter's edits for a query (default none: the file is formatted). */
  format: (query: FormatQuery, text: string) => readonly TextEdit[] = () => [];
  /** The queries asked, in order. */
  readonly queries: CodeActionQuery[] = [];
  readonly formatQueries: FormatQuery[] = [];

  constructor(private readonly texts: ReadonlyMap<string, string>) {}

  list(query: CodeActionQuery): CodeActionsAnswer {
    this.queries.push(query);
    const text = this.texts.get(query.path) ?? '';
    const actions = this.offer(query, text).map(({ edits: _edits, ...offered }) => offered);
    return { text, actions, clientOnly: this.clientOnly };
  }

  edits(query: CodeActionQuery, ref: string): ActionEdits | undefined {
    this.queries.push(query);
    const action = this.offer(query, this.texts.get(query.path) ?? '').find((a) => a.ref === ref);
    if (action === undefined) return undefined;
    const texts = new Map<string, string>();
    for (const edit of action.edits) texts.set(edit.path, this.texts.get(edit.path) ?? '');
    return { title: action.title, kind: action.kind, edits: action.edits, texts };
  }

  formatted(query: FormatQuery): FormatAnswer {
    this.formatQueries.push(query);
    const text = this.texts.get(query.path) ?? '';
    return { text, edits: this.format(query, text) };
  }
}
