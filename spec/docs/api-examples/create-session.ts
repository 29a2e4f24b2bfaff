// #region example
import { inMemoryPair } from 'rxmcp';
import { createSession } from 'rxmcp/session';

const [clientEnd] = inMemoryPair();
const session = createSession(clientEnd, {
  handlers: { 'roots/list': () => ({ roots: [{ uri: 'file:///work' }] }) },
  timeout: { firstMs: 30_000 },
});
session.request('tools/list').subscribe((result) => console.log(result));
session.notifications$.subscribe((notification) => console.log(notification.method));
// #endregion
