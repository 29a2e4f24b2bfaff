import type { Client } from 'rxmcp';
declare const client: Client;
// #region example
client.readResource('file:///work/notes.md').subscribe(({ contents }) => {
  for (const part of contents) console.log('text' in part ? part.text : `${part.blob.length} base64 characters`);
});
// #endregion
