// docs/tasks.md: a 2025-11-25 task of a server that keeps tasks per session (the official SDK 1.x server with tasks,
// on the fixture route sessions-tasks), handed off by closing with keepSession and resumed in the joined session.
import { first, lastValueFrom, toArray } from 'rxjs';
import { TaskNotFoundError, parseTaskReference, resumeTask, taskReference, taskSession } from '../../src/agent/index.js';
import { createClient, streamableHttp, type TaskCreatedEvent } from '../../src/index.js';
import { routeUrl, streamableHttpFixtures } from '../helpers/http-server-urls.js';

/** Resolves once `store` has `key` (polled, at most 5 s). */
async function stored(store: Map<string, string>, key: string): Promise<string> {
  for (let tries = 0; tries < 500 && !store.has(key); tries++) await new Promise((resolve) => setTimeout(resolve, 10));
  return store.get(key) ?? '';
}

describe('a task resumed in the session it was started in (docs/tasks.md)', () => {
  let url: string;
  beforeAll(async () => {
    url = routeUrl((await streamableHttpFixtures()).base, 'sessions-tasks');
  });

  it('process A closes keeping its session; process B joins it and follows the task to its result, which a session of its own cannot reach', async () => {
    const store = new Map<string, string>();
    // #region readme
    // Process A: start the task, keep its reference, and close without ending the session the task lives in.
    const client = createClient(streamableHttp(url));
    client.callToolAsTask('build').pipe(first((event): event is TaskCreatedEvent => event.type === 'task-created')).subscribe({
      next: (event) => store.set('build', JSON.stringify(taskReference(client, event.task, { url }))),
      complete: () => client.close({ keepSession: true }),
    });

    // Process B: join the session the reference records (no initialize) and follow the task there.
    function resumeInItsSession(json: string) {
      const reference = parseTaskReference(json);
      const session = taskSession(reference);
      const transport = streamableHttp(url, session === undefined ? {} : { sessionId: session.sessionId });
      return resumeTask(createClient(transport, session === undefined ? {} : { joinSession: session.joinSession }), reference);
    }
    // #endregion
    const json = await stored(store, 'build');
    const other = createClient(streamableHttp(url));
    const elsewhere = await lastValueFrom(resumeTask(other, json)).then(() => undefined, (error: unknown) => error);
    other.close();
    expect(TaskNotFoundError.is(elsewhere)).toBeTrue();
    const events = await lastValueFrom(resumeInItsSession(json).pipe(toArray()));
    const last = events.at(-1);
    expect(last?.type === 'result' && last.result.content).toEqual([{ type: 'text', text: 'built' }]);
  });
});
