// #region example
import { lastValueFrom } from 'rxjs';
import { createClient } from 'rxmcp';
import { createTestingController, toolResult } from 'rxmcp/testing';

const server = createTestingController();
const client = createClient(server.transport);
const answer = lastValueFrom(client.callTool('weather', { city: 'Oslo' }));
server.expectRequest('tools/call', { name: 'weather' }).respond(toolResult('sunny'));
console.log((await answer).content); // [{ type: 'text', text: 'sunny' }]
server.verify();
// #endregion
