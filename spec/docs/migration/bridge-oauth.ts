import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
declare const provider: OAuthClientProvider;
declare function waitForTheCallback(): Promise<string>;
// #region guide
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { createClient, streamableHttp } from 'rxmcp';
import { sdkOAuth } from 'rxmcp/oauth';

// The provider you already have for the SDK (tokens, client information, PKCE verifier, redirect).
const authorization = sdkOAuth(provider, { auth });
const client = createClient(streamableHttp('https://mcp.example.com/mcp', { auth: authorization }));
// When redirectToAuthorization sent the user away, the requests wait; hand over the callback URL to go on:
await authorization.finishAuth(await waitForTheCallback());
// #endregion
export { client };
