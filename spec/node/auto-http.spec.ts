import { EventSource as EventSourcePolyfill } from 'eventsource';
import { httpTransport } from '../../src/transport/auto-http.js';
import { initializeRequest, probeTransport, resultOf } from '../helpers/sse-ws-server-probe.js';
import { startLegacySseServer, type LegacySseServer } from '../helpers/sse-ws-server.js';

const PREFIX = '/__rxmcp/legacy-sse';

describe('httpTransport in Node', () => {
  let server: LegacySseServer;
  let refused: string[];
  const onRefused = ({ url }: { url: string }) => refused.push(url);

  beforeAll(async () => {
    server = await startLegacySseServer();
    server.observer.on('post-refused', onRefused);
  });
  afterAll(async () => {
    server.observer.off('post-refused', onRefused);
    await server.close();
  });
  beforeEach(() => {
    refused = [];
  });

  it('probes once: later connections go straight to the transport detected', async () => {
    const transport = httpTransport(`${server.baseUrl}${PREFIX}/sse`);
    for (const id of [1, 2]) {
      const probe = probeTransport(transport);
      probe.send(initializeRequest(id));
      const init = await probe.response(id);
      probe.stop();
      expect(resultOf(init)['protocolVersion']).toBe('2024-11-05');
    }
    expect(refused).toEqual([`${PREFIX}/sse`]);
    expect(transport.detected).toBe('legacy-sse');
  });

  it('gives the legacy options to the fallback', async () => {
    const urls: string[] = [];
    class RecordingEventSource extends EventSourcePolyfill {
      constructor(url: string, init?: ConstructorParameters<typeof EventSourcePolyfill>[1]) {
        super(url, init);
        urls.push(url);
      }
    }
    const transport = httpTransport(`${server.baseUrl}${PREFIX}/sse`, { legacy: { EventSource: RecordingEventSource } });
    const probe = probeTransport(transport);
    probe.send(initializeRequest(1));
    await probe.response(1);
    probe.stop();
    expect(urls).toEqual([`${server.baseUrl}${PREFIX}/sse`]);
  });
});
