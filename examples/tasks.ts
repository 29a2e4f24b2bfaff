// npx tsx examples/tasks.ts: a tool call that runs as a task, against the bundled example server over Streamable
// HTTP (2026-07-28 with the tasks extension, served by examples/server/http.ts with `tasks: true`). Shows the task's
// status messages, the question it asks answered by the elicitation handler, the result, and a task picked up again
// by its id in a new client, as after a restart.
import { lastValueFrom, tap } from 'rxjs';
import { createClient, streamableHttp, type TaskEvent } from 'rxmcp';
import { startExampleHttpServer } from './server/http.js';

const server = await startExampleHttpServer({ tasks: true });

function client() {
  return createClient(streamableHttp(server.url), {
    clientInfo: { name: 'rxmcp-tasks-example', version: '0.1.0' },
    handlers: {
      elicitation: (params) => {
        console.log(`  ← the task asks: "${params.message}" → answering "historical"`);
        return { action: 'accept', content: { angle: 'historical' } };
      },
    },
  });
}

function show(event: TaskEvent): void {
  if (event.type === 'task-created') console.log(`  task ${event.task.taskId} created: ${event.task.statusMessage ?? event.task.status}`);
  if (event.type === 'task-status') console.log(`  ${event.task.status}: ${event.task.statusMessage ?? ''}`);
  if (event.type === 'result') console.log(`  result: ${event.result.content.map((block) => (block.type === 'text' ? block.text : block.type)).join(' ')}`);
}

try {
  const first = client();
  console.log('calling research as a task…');
  await lastValueFrom(first.callToolAsTask('research', { topic: 'tides' }).pipe(tap(show)));

  // A task outlives the client that started it: keep its id, and watch it again from another client.
  console.log('starting another, then resuming it from a new client…');
  let taskId = '';
  await new Promise<void>((resolve) => {
    const watching = first.callToolAsTask('research', { topic: 'rivers' }).subscribe((event) => {
      if (event.type !== 'task-created') return;
      taskId = event.task.taskId;
      console.log(`  task ${taskId} created; this client goes away`);
      queueMicrotask(() => (watching.unsubscribe(), first.close(), resolve()));
    });
  });
  const second = client();
  await lastValueFrom(second.watchTask(taskId).pipe(tap(show)));
  second.close();
} catch (error) {
  console.error('tasks example failed:', error);
  process.exitCode = 1;
} finally {
  await server.close();
}
