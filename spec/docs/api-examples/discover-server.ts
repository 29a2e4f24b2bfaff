export {};
// #region example
import { discoverServer } from 'rxmcp/protocol';

const found = await discoverServer('https://example.com/mcp');
console.log(found.card.name, found.remotes.map((remote) => `${remote.type} ${remote.url}`), found.protocolVersions);
// #endregion
