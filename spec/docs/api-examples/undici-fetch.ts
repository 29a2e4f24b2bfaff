// #region example
import { createClient, streamableHttp } from 'rxmcp';
import { undiciFetch } from 'rxmcp/node';
import { Agent } from 'undici';

// In Node, streamableHttp of 'rxmcp' sends through undiciFetch() by default; the platform's fetch instead:
const viaFetch = streamableHttp('https://example.com/mcp', { fetch: globalThis.fetch });
// undici through an agent of one's own (at most 4 connections per origin):
const agent = new Agent({ connections: 4 });
const client = createClient(streamableHttp('https://example.com/mcp', { fetch: undiciFetch({ dispatcher: agent }) }));
// #endregion
void viaFetch;
void client;
