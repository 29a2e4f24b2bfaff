import type { Client } from 'rxmcp';
declare const client: Client;
// #region example
const watch = client.watchResource('file:///work/notes.md').subscribe(({ contents }) => console.log(contents));
// …
watch.unsubscribe(); // the last watcher leaving unsubscribes on the server
// #endregion
