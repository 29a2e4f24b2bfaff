// The frame tap (`session.frames$`) on Streamable HTTP, whose requests travel through `exchange`: every request
// the server received was shown as an outbound frame.
import { lastValueFrom } from 'rxjs';
import { createClient, type Client, type FrameEvent } from '../../../src/index.js';
import { FAULT_CLIENT_OPTIONS, connected } from '../../helpers/faults/client.js';
import { describeOnEngines } from '../../helpers/faults/engines.js';
import { httpFaultServer, runId, type HttpFaultServer } from '../../helpers/faults/fault-server.js';

describeOnEngines('session.frames$ on Streamable HTTP', (engine) => {
  let server: HttpFaultServer;
  let client: Client | undefined;
  beforeAll(async () => (server = await httpFaultServer()));
  afterEach(() => client?.close());

  for (const shape of ['2025', '2026'] as const) {
    it(`shows every outbound request, as the server received it (${shape} shape)`, async () => {
      const run = runId(`frames-${shape}`);
      client = createClient(engine.streamableHttp(server.url(run, { shape })), FAULT_CLIENT_OPTIONS);
      const frames: FrameEvent[] = [];
      const tap = client.session.frames$.subscribe((event) => frames.push(event));
      try {
        await connected(client);
        await lastValueFrom(client.callTool('echo', { i: 1 }));
        await lastValueFrom(client.listTools());
      } finally {
        tap.unsubscribe();
      }
      const key = (method: string | undefined, id: unknown) => `${method} #${JSON.stringify(id)}`;
      const outbound = frames.flatMap((event) => {
        const message = event.frame.message as { method?: string; id?: unknown } | undefined;
        return event.direction === 'out' && message?.id !== undefined && message.method !== undefined ? [key(message.method, message.id)] : [];
      });
      const received = (await server.report(run)).log.filter((entry) => entry.http === 'POST' && entry.id !== undefined && entry.rpc !== undefined);
      expect(received.length).withContext('requests the server received').toBeGreaterThanOrEqual(3);
      expect(outbound).toEqual(received.map((entry) => key(entry.rpc, entry.id)));
    });
  }
});
