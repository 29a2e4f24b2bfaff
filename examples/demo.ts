// npm start: an in-process example server and a client session connected through the in-memory pair.
import { firstValueFrom, take, toArray } from 'rxjs';
import { createSession, inMemoryPair } from '../src/index.js';

const [clientEnd, serverEnd] = inMemoryPair();

// The server side: answers tools/list and tools/call, and asks the client for its roots while calling a tool.
const server = createSession(serverEnd, {
  handlers: {
    'tools/list': () => ({ tools: [{ name: 'greet', inputSchema: { type: 'object', properties: { name: { type: 'string' } } } }] }),
    'tools/call': async (params, context) => {
      const roots = await firstValueFrom(server.request('roots/list'));
      context.progress(1, 1, 'done');
      const name = (params['arguments'] as { name?: string } | undefined)?.name ?? 'world';
      return { content: [{ type: 'text', text: `Hello, ${name}! Your roots: ${JSON.stringify(roots['roots'])}` }] };
    },
  },
});
server.connection$.subscribe();

// The client side: answers roots/list with a handler, prints notifications.
const client = createSession(clientEnd, {
  handlers: { 'roots/list': () => ({ roots: [{ uri: 'file:///home/demo', name: 'demo' }] }) },
});

async function main(): Promise<void> {
  client.state$.subscribe((state) => console.log(`state: ${state.status}`));
  const notifications = firstValueFrom(client.notifications$.pipe(take(1), toArray()));

  const tools = await firstValueFrom(client.request('tools/list'));
  console.log('tools/list →', JSON.stringify(tools));

  await firstValueFrom(server.notify('notifications/tools/list_changed'), { defaultValue: undefined });
  console.log('notification →', (await notifications).map((n) => n.method).join(', '));

  const events = await firstValueFrom(client.requestEvents('tools/call', { name: 'greet', arguments: { name: 'rxmcp' } }, { progress: true }).pipe(toArray()));
  for (const event of events) console.log(`tools/call ${event.type} →`, JSON.stringify(event.type === 'result' ? event.result : event));

  client.close();
  server.close();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
