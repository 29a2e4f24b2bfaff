// A tool call's recoveries (session loss, header mismatch, tasks) when the error comes in the same turn as the
// request: the testing controller answers at once, as any transport that answers synchronously would.
import { map, timer } from 'rxjs';
import { SessionExpiredError, createClient, type Params } from '../../src/index.js';
import { eraCase, itInEachEra, serveTasks, serveTools, tool, toolResult, TASK_TESTING_CAPABILITIES, type TestRequest } from '../../src/testing/index.js';
import { createTestScheduler } from '../helpers/marbles.js';

const onFirst = (_params: Params, request: TestRequest) => request.connection === 1;
const onLater = (_params: Params, request: TestRequest) => request.connection > 1;
const TASKS = 'io.modelcontextprotocol/tasks';

describe('tool call recoveries, errors in the same turn', () => {
  itInEachEra('repeats a safe call on the next connection when the session is lost at once', (server, { expectObservable, flush }) => {
    server.whenRequest('tools/call', onFirst).drop(new SessionExpiredError());
    server.whenRequest('tools/call', onLater).respond(toolResult('built'));
    const client = createClient(server.transport, { reconnect: false });
    expectObservable(client.callTool('build', {}, { idempotent: true }).pipe(map(() => 'r'))).toBe('(r|)');
    flush();
    expect(server.requests.filter((r) => r.method === 'tools/call').map((r) => r.connection)).toEqual([1, 2]);
  });

  // -32020 exists on 2026-07-28 over HTTP only (its routing headers): a per-request transport, as Streamable HTTP.
  it('cancels the call sent again after a header mismatch when unsubscribed (modern 2026-07-28, per-request)', () => {
    eraCase('2026-07-28').run(createTestScheduler(), (server, { expectObservable, flush }) => {
      let cancelledBy200ms: boolean | undefined;
      serveTools(server, [tool('build')]);
      let calls = 0;
      server.whenRequest('tools/call').handle((call) => {
        calls += 1;
        if (calls === 1) call.error(-32020, 'Header mismatch');
        else call.never();
      });
      expectObservable(createClient(server.transport).callTool('build').pipe(map(() => 'r')), '^ 100ms !').toBe('');
      // Checked well before the call's own time limit could end it.
      timer(200).subscribe(() => {
        cancelledBy200ms = server.requests.filter((r) => r.method === 'tools/call')[1]?.cancelled;
      });
      flush();
      expect(cancelledBy200ms).toBeTrue();
    }, { transport: 'per-request' });
  });

  it('stops following the task a -32021 refusal turned the call into when unsubscribed (modern 2026-07-28)', () => {
    const server = eraCase('2026-07-28').run(createTestScheduler(), (server, { expectObservable }) => {
      const tasks = serveTasks(server, { pollIntervalMs: 1000 });
      server.whenRequest('tools/call').handle((call) => {
        const declared = (call.meta?.['io.modelcontextprotocol/clientCapabilities'] as { extensions?: object } | undefined)?.extensions;
        if (declared === undefined) return call.error(-32021, 'Missing required client capability', { requiredCapabilities: { extensions: { [TASKS]: {} } } });
        const task = tasks.start(call);
        timer(5500).subscribe(() => task.complete(toolResult('built')));
      });
      expectObservable(createClient(server.transport).callTool('build').pipe(map(() => 'r')), '^ 500ms !').toBe('');
    }, { capabilities: TASK_TESTING_CAPABILITIES, taskNotifications: false });
    expect(server.requests.map((r) => r.method).filter((m) => m === 'tasks/get')).toEqual([]);
  });
});
