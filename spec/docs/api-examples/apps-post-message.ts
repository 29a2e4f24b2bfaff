// #region example
import { postMessageTransport } from 'rxmcp/apps';
import { createSession } from 'rxmcp/session';

const frame = document.querySelector('iframe')!;
const session = createSession(postMessageTransport({ target: () => frame.contentWindow, origin: 'https://sandbox.example.com' }));
session.notifications$.subscribe((note) => console.log(note.method));
// #endregion
