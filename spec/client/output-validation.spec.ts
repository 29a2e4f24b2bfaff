import { catchError, map, mergeMap, of, take, type Observable } from 'rxjs';
import { OutputSchemaError, createClient, type CallToolResult, type Client, type ClientOptions } from '../../src/index.js';
import { itInEachEra, serveTools, structuredResult, tool, toolError, toolResult, type TestingController } from '../../src/testing/index.js';

const weather = tool('weather', {
  outputSchema: { type: 'object', properties: { city: { type: 'string' }, temperature: { type: 'number' } }, required: ['temperature'] },
});

/** The structured content of the call, or `<ErrorName> <path>: <message>` of its error. */
const outcome = (call$: Observable<CallToolResult>): Observable<unknown> =>
  call$.pipe(
    map((result) => result.structuredContent ?? 'no structuredContent'),
    catchError((error: unknown) => of(OutputSchemaError.is(error) ? `${error.name} ${error.reason} ${error.path}: ${error.message}` : String(error))),
  );

function listThenCall(server: TestingController, answer: Parameters<ReturnType<TestingController['whenRequest']>['respond']>[0], options: ClientOptions = {}): { client: Client; call$: Observable<unknown> } {
  serveTools(server, [weather]);
  server.whenRequest('tools/call', { name: 'weather' }).respond(answer);
  const client = createClient(server.transport, options);
  return { client, call$: outcome(client.listTools().pipe(mergeMap(() => client.callTool('weather', { city: 'Oslo' })))) };
}

const MISMATCH = 'OutputSchemaError mismatch /temperature: Tool "weather" returned structuredContent that does not match its outputSchema at /temperature: Instance type "string" is invalid. Expected "number".';

describe('client: structured output checked against the outputSchema', () => {
  itInEachEra('passes a result whose structuredContent matches', (server, { expectObservable }) => {
    expectObservable(listThenCall(server, structuredResult({ city: 'Oslo', temperature: 4 })).call$).toBe('(r|)', { r: { city: 'Oslo', temperature: 4 } });
  });

  itInEachEra('fails the call with OutputSchemaError naming the path of a mismatch', (server, { expectObservable }) => {
    expectObservable(listThenCall(server, structuredResult({ city: 'Oslo', temperature: 'cold' })).call$).toBe('(e|)', { e: MISMATCH });
  });

  itInEachEra('fails the call when a tool with an outputSchema returns no structuredContent', (server, { expectObservable }) => {
    const e = 'OutputSchemaError missing : Tool "weather" declares an outputSchema but its result has no structuredContent';
    expectObservable(listThenCall(server, toolResult('4 degrees')).call$).toBe('(e|)', { e });
  });

  itInEachEra('lets a tool error (isError) through unchecked', (server, { expectObservable }) => {
    expectObservable(listThenCall(server, toolError('no such city')).call$).toBe('(r|)', { r: 'no structuredContent' });
  });

  itInEachEra("'diagnostic' keeps the result and reports an invalid-tool-output diagnostic", (server, { expectObservable }) => {
    const { client, call$ } = listThenCall(server, structuredResult({ city: 'Oslo', temperature: 'cold' }), { validateOutput: 'diagnostic' });
    const seen = client.diagnostics$.pipe(map((d) => `${d.kind} ${(d.error as OutputSchemaError).path} ${d.message === MISMATCH.slice(MISMATCH.indexOf('Tool'))}`));
    expectObservable(seen).toBe('d', { d: 'invalid-tool-output /temperature true' });
    expectObservable(call$).toBe('(r|)', { r: { city: 'Oslo', temperature: 'cold' } });
  });

  itInEachEra("'off' checks nothing", (server, { expectObservable }) => {
    const { client, call$ } = listThenCall(server, structuredResult({ temperature: 'cold' }), { validateOutput: 'off' });
    expectObservable(client.diagnostics$).toBe('');
    expectObservable(call$).toBe('(r|)', { r: { temperature: 'cold' } });
  });

  itInEachEra('checks against a definition given as options.tool, without a listing', (server, { expectObservable }) => {
    server.whenRequest('tools/call', { name: 'weather' }).respond(structuredResult({ temperature: 'cold' }));
    const client = createClient(server.transport);
    expectObservable(outcome(client.callTool('weather', { city: 'Oslo' }, { tool: weather }))).toBe('(e|)', { e: MISMATCH });
  });

  itInEachEra('checks against the listed definition after the live tools$ loaded it', (server, { expectObservable }) => {
    serveTools(server, [weather]);
    server.whenRequest('tools/call', { name: 'weather' }).respond(structuredResult({ temperature: 'cold' }));
    const client = createClient(server.transport);
    expectObservable(outcome(client.tools$.pipe(take(1), mergeMap(() => client.callTool('weather', { city: 'Oslo' }))))).toBe('(e|)', { e: MISMATCH });
  });
});
