// A client handler of the kind the testing recipes test: elicitations answered through the application's UI.
import { map, type Observable } from 'rxjs';
import type { ClientHandlers, ElicitResult } from '../../../src/index.js';

/** The part of the UI that asks the user. */
export interface ConfirmDialog {
  confirm(question: string): Observable<boolean>;
}

/** Answers an elicitation with the user's yes (accept, `confirmed: true`) or no (decline). */
export function confirmWith(dialog: ConfirmDialog): NonNullable<ClientHandlers['elicitation']> {
  return (params) =>
    dialog.confirm(params.message).pipe(map((yes): ElicitResult => (yes ? { action: 'accept', content: { confirmed: true } } : { action: 'decline' })));
}
