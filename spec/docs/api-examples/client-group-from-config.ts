declare const apiKey: string;
// #region example
import { agentLoop } from 'rxmcp/agent';
import { clientGroupFromConfig } from 'rxmcp/node';

// The servers a Claude, Cursor or VS Code configuration lists:
const group = await clientGroupFromConfig('.mcp.json', { servers: ['github', 'files'] });
agentLoop({ source: group, model: { baseUrl: 'https://api.openai.com/v1', apiKey, model: 'gpt-4o-mini' }, messages: [{ role: 'user', content: 'Open an issue for the failing test' }] })
  .subscribe((event) => console.log(event.type));
// #endregion
