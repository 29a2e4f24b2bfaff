import { filter, map, mergeMap, of, take, takeUntil, tap, throwError, timer } from 'rxjs';
import { TaskNotFoundError, TaskReferenceError, parseTaskReference, resumeTask, taskReference, taskSession, type TaskReference, type TaskResumeClient } from '../../../src/agent/index.js';
import { RpcError, SessionExpiredError, createClient, type Client, type ServerSession } from '../../../src/index.js';
import { eraCase, itInEachEra, serveTasks, toolResult } from '../../../src/testing/index.js';
import { createTestScheduler } from '../../helpers/marbles.js';
import { TASK_SERVER, arrivals, serveBuildTool, show } from './helpers.js';

const URL_SERVER = { url: 'http://127.0.0.1:4000/mcp' } as const;

/** Starts `build` as a task on a first client, keeps its reference, and closes that client. */
function startAndHandOff(client: Client, keep: (json: string) => void): void {
  client.callToolAsTask('build').pipe(
    filter((event) => event.type === 'task-created'),
    take(1),
    tap((event) => keep(JSON.stringify(taskReference(client, event.task, URL_SERVER)))),
  ).subscribe({ complete: () => client.close() });
}

function reference(fields: Partial<TaskReference>): TaskReference {
  return { format: 'rxmcp.task-reference/1', server: URL_SERVER, protocolVersion: '2026-07-28', shape: 'extension', taskId: 'task-1', ...fields };
}

/** Runs `work` against a server of `revision` with tasks; returns the error `resumeTask` ended with. */
function resumeError(revision: '2025-11-25' | '2026-07-28', ref: unknown, options = {}): { error: unknown; methods: string[] } {
  let error: unknown;
  const server = eraCase(revision).run(createTestScheduler(), (server) => {
    serveTasks(server);
    resumeTask(createClient(server.transport), ref as TaskReference, options).subscribe({ error: (e: unknown) => (error = e) });
  }, TASK_SERVER);
  return { error, methods: server.requests.map((request) => request.method) };
}

describe('taskReference', () => {
  itInEachEra('records the task, the server, its name, the revision and shape of tasks and the suggested interval, as JSON', (server) => {
    serveBuildTool(server);
    const tasks = serveTasks(server, { pollIntervalMs: 1500 });
    server.whenRequest('tools/call').handle((call) => void tasks.start(call));
    let json = '';
    startAndHandOff(createClient(server.transport), (text) => (json = text));
    timer(10).subscribe(() => {
      const parsed = parseTaskReference(json);
      expect(parsed).toEqual(jasmine.objectContaining({ server: URL_SERVER, serverName: 'rxmcp-testing-server', protocolVersion: server.revision, taskId: 'task-1', pollIntervalMs: 1500 }));
      expect(parsed.shape).toBe(server.revision === '2025-11-25' ? 'core' : 'extension');
    });
  }, TASK_SERVER);

  it('refuses a client that has not negotiated yet (not-connected)', () => {
    const client = createClient(eraCase('2026-07-28').controller(TASK_SERVER).transport);
    expect(() => taskReference(client, 'task-1', URL_SERVER)).toThrowMatching((e) => TaskReferenceError.is(e) && e.failure === 'not-connected' && e.taskId === 'task-1');
    client.close();
  });
});

describe('parseTaskReference', () => {
  it('refuses text that is not JSON (malformed)', () => {
    expect(() => parseTaskReference('{"format":')).toThrowMatching((e) => TaskReferenceError.is(e) && e.failure === 'malformed' && /must be JSON/.test(e.message));
  });

  it('names each field that breaks the format, and the task when it can be read', () => {
    const broken = { ...reference({}), server: { url: 'not a url' }, shape: 'other', pollIntervalMs: -5 };
    try {
      parseTaskReference(broken);
      fail('parsed');
    } catch (error) {
      expect(TaskReferenceError.is(error) && error.failure).toBe('malformed');
      const { issues, taskId } = error as TaskReferenceError;
      expect(issues.map((issue) => issue.split(':')[0])).toEqual(jasmine.arrayWithExactContents(['server.url', 'shape', 'pollIntervalMs']));
      expect(taskId).toBe('task-1');
    }
  });

  it('refuses a reference of another format version', () => {
    expect(() => parseTaskReference({ ...reference({}), format: 'rxmcp.task-reference/2' })).toThrowMatching((e) => TaskReferenceError.is(e) && e.issues[0]?.startsWith('format') === true);
  });
});

describe('resumeTask', () => {
  itInEachEra('picks up a task another client started, from its JSON reference: the status stream, then the result', (server, { expectObservable }) => {
    serveBuildTool(server);
    const tasks = serveTasks(server, { pollIntervalMs: 1000 });
    server.whenRequest('tools/call', { name: 'build' }).handle((call) => {
      const task = tasks.start(call, 'queued');
      timer(2500).subscribe(() => task.update('working', 'linking'));
      timer(4500).subscribe(() => task.complete(toolResult('built')));
    });
    let json = '';
    startAndHandOff(createClient(server.transport), (text) => (json = text));
    const resumed = timer(2000).pipe(mergeMap(() => resumeTask(createClient(server.transport), json)), map(show));
    expectObservable(resumed).toBe('2000ms q 999ms l 1999ms (sr|)', {
      q: 'status:working:queued', l: 'status:working:linking', s: 'status:completed:', r: 'result:built',
    });
  }, { ...TASK_SERVER, taskNotifications: false });

  itInEachEra('polls at the reference\'s pollIntervalMs while the server suggests none', (server, { expectObservable }) => {
    serveBuildTool(server);
    const tasks = serveTasks(server);
    server.whenRequest('tools/call').handle((call) => void tasks.start(call));
    let json = '';
    startAndHandOff(createClient(server.transport), (text) => (json = JSON.stringify({ ...JSON.parse(text), pollIntervalMs: 2500 })));
    timer(100).pipe(mergeMap(() => resumeTask(createClient(server.transport), json)), takeUntil(timer(6000))).subscribe();
    expectObservable(arrivals(server, 'tasks/get'), '^ 6000ms !').toBe('100ms g 2499ms g 2499ms g');
  }, { ...TASK_SERVER, taskNotifications: false });

  it('fails with TaskNotFoundError when the server no longer knows the task (2026-07-28)', () => {
    const { error } = resumeError('2026-07-28', reference({ taskId: 'task-9' }));
    expect(TaskNotFoundError.is(error)).toBeTrue();
    expect(error).toEqual(jasmine.objectContaining({ taskId: 'task-9', rpcCode: -32602 }));
  });

  it('2025-11-25: TaskNotFoundError names the session the task was started in', () => {
    const { error } = resumeError('2025-11-25', reference({ taskId: 'task-9', protocolVersion: '2025-11-25', shape: 'core', sessionId: 'session-a' }));
    expect(TaskNotFoundError.is(error) && error.sessionId).toBe('session-a');
    expect((error as Error).message).toContain('session session-a');
  });

  it('refuses a reference of the other shape of tasks after negotiating, sending nothing about the task (other-shape)', () => {
    const { error, methods } = resumeError('2025-11-25', reference({}));
    expect(TaskReferenceError.is(error) && error.failure).toBe('other-shape');
    expect(methods.filter((method) => method.startsWith('tasks/'))).toEqual([]);
  });

  it('refuses a reference of another server than options.server, sending nothing (other-server)', () => {
    const { error, methods } = resumeError('2026-07-28', reference({}), { server: { url: 'http://127.0.0.1:4001/mcp' } });
    expect(TaskReferenceError.is(error) && error.failure).toBe('other-server');
    expect(methods).toEqual([]);
  });

  it('accepts options.server spelled differently but naming the same URL', () => {
    const { error } = resumeError('2026-07-28', reference({ taskId: 'task-9' }), { server: { url: 'HTTP://127.0.0.1:4000/mcp' } });
    expect(TaskNotFoundError.is(error)).toBeTrue();
  });

  it('refuses a reference whose server name differs from the connected server\'s (other-server)', () => {
    const { error, methods } = resumeError('2026-07-28', reference({ serverName: 'someone-else' }));
    expect(TaskReferenceError.is(error) && error.failure).toBe('other-server');
    expect(methods.filter((method) => method.startsWith('tasks/'))).toEqual([]);
  });

  it('refuses a malformed reference before connecting (malformed)', () => {
    const { error, methods } = resumeError('2026-07-28', '{"taskId": 3}');
    expect(TaskReferenceError.is(error) && error.failure).toBe('malformed');
    expect(methods).toEqual([]);
  });
});

describe('taskSession', () => {
  it('joins the session a 2025-11-25 core task was started in: its id, revision, server name and core tasks', () => {
    const core = reference({ protocolVersion: '2025-11-25', shape: 'core', sessionId: 'session-7', serverName: 'tasks-server' });
    expect(taskSession(core)).toEqual({
      sessionId: 'session-7',
      joinSession: { protocolVersion: '2025-11-25', serverInfo: { name: 'tasks-server', version: '' }, capabilities: { tasks: {} } },
    });
  });

  it('is undefined for a reference without a session, and for the 2026-07-28 extension', () => {
    expect(taskSession(reference({ protocolVersion: '2025-11-25', shape: 'core' }))).toBeUndefined();
    expect(taskSession(reference({ sessionId: 'session-7' }))).toBeUndefined();
  });
});

describe('resumeTask in a joined session', () => {
  const joinedRef = reference({ protocolVersion: '2025-11-25', shape: 'core', sessionId: 'session-7' });
  function failureOf(error: unknown, joined: boolean): unknown {
    const server: ServerSession = { era: 'legacy', protocolVersion: '2025-11-25', serverInfo: undefined, capabilities: { tasks: {} }, instructions: undefined, supportedVersions: ['2025-11-25'], ...(joined ? { joined } : {}) };
    const client: TaskResumeClient = { connect: () => of(server), watchTask: () => throwError(() => error) };
    let failure: unknown;
    resumeTask(client, joinedRef).subscribe({ error: (e: unknown) => (failure = e) });
    return failure;
  }

  it('turns a 404 (SessionExpiredError) into TaskReferenceError session-ended naming the session', () => {
    const failure = failureOf(new SessionExpiredError(), true);
    expect(TaskReferenceError.is(failure) && [failure.failure, failure.sessionId, failure.taskId]).toEqual(['session-ended', 'session-7', 'task-1']);
    expect((failure as Error).message).toContain('session session-7');
  });

  it('turns a -32000 refusal of the session (400 of SDK-built servers) into session-ended', () => {
    const failure = failureOf(new RpcError(-32000, 'Bad Request: No valid session ID provided', { method: 'tasks/get' }), true);
    expect(TaskReferenceError.is(failure) && failure.failure).toBe('session-ended');
  });

  it('keeps TaskNotFoundError for a task the joined session does not know (-32602)', () => {
    expect(TaskNotFoundError.is(failureOf(new RpcError(-32602, 'Task not found', { method: 'tasks/get' }), true))).toBeTrue();
  });

  it('passes the same refusals through unchanged for a client in a session of its own', () => {
    const expired = new SessionExpiredError();
    expect(failureOf(expired, false)).toBe(expired);
  });
});
