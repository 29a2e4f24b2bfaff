// README recipe: an agent step that calls a tool and handles isError (async test, real time).
import { createClient, toAsyncClient } from '../../src/index.js';
import { eachEra, toolError, toolResult } from '../../src/testing/index.js';
import { agentStep } from './recipes/agent-step.js';

// #region readme
describe('agentStep', () => {
  eachEra((era) => {
    it(`gives the model the tool's answer, or its failure as feedback (${era.name})`, async () => {
      const server = era.controller();
      server.whenRequest('tools/call', { name: 'search' }).respond(toolResult('3 results'));
      server.whenRequest('tools/call', { name: 'search', arguments: { q: '' } }).respond(toolError('empty query'));
      server.whenRequest('tools/call', { name: 'deploy' }).error(-32602, 'Unknown tool: deploy');
      const mcp = toAsyncClient(createClient(server.transport));

      expect(await agentStep(mcp, { tool: 'search', args: { q: 'mcp' } })).toEqual({ kind: 'observation', text: '3 results' });
      expect(await agentStep(mcp, { tool: 'search', args: { q: '' } })).toEqual({ kind: 'retry', feedback: 'search failed: empty query' });
      expect(await agentStep(mcp, { tool: 'deploy', args: {} })).toEqual({ kind: 'retry', feedback: 'deploy is not available: Unknown tool: deploy' });
      server.verify();
      mcp.close();
    });
  });
});
// #endregion
