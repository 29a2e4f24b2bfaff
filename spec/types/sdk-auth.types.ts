// Type-level checks (run by `npm run typecheck`, never executed): the official SDK's OAuthClientProvider and `auth`
// function fit `sdkOAuth` as they are, in both SDK generations.
import { auth as v1Auth, type OAuthClientProvider as V1Provider } from '@modelcontextprotocol/sdk/client/auth.js';
import { auth as v2Auth, type OAuthClientProvider as V2Provider } from '@modelcontextprotocol/client';
import { streamableHttp, type HttpAuth } from '../../src/index.js';
import { sdkOAuth } from '../../src/auth/index.js';

declare const v1Provider: V1Provider;
declare const v2Provider: V2Provider;

export const v1: HttpAuth = sdkOAuth(v1Provider, { auth: v1Auth });
export const v2: HttpAuth = sdkOAuth(v2Provider, { auth: v2Auth });
export const transport = streamableHttp('https://mcp.example.com/mcp', { auth: sdkOAuth(v1Provider, { auth: v1Auth }) });
