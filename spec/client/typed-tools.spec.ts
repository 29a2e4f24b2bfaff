import { lastValueFrom } from 'rxjs';
import { createClient, typedTools } from '../../src/index.js';
import { createTestingController, structuredResult } from '../../src/testing/index.js';

type Tools = { add: { input: { a: number; b: number }; output: { sum: number } }; reset: { input: { [key: string]: unknown } } };

describe('typedTools', () => {
  it("calls through the client's callTool with the name, the arguments and the options", async () => {
    const server = createTestingController({ revision: '2025-11-25' });
    server.whenRequest('tools/call', { name: 'add' }).respond((call) => structuredResult({ sum: Number(call.arguments['a']) + Number(call.arguments['b']) }));
    server.whenRequest('tools/call', { name: 'reset' }).respond(structuredResult({ done: true }));
    const tools = typedTools<Tools>(createClient(server.transport));
    const result = await lastValueFrom(tools.callTool('add', { a: 2, b: 40 }, { meta: { 'example.com/trace': 'x' } }));
    expect(result.structuredContent).toEqual({ sum: 42 });
    await lastValueFrom(tools.callTool('reset'));
    const [add, reset] = server.requests;
    expect([add?.arguments, add?.meta?.['example.com/trace']]).toEqual([{ a: 2, b: 40 }, 'x']);
    expect(reset?.params).toEqual({ name: 'reset' });
    server.verify();
  });
});
