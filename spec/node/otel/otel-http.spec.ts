import { firstValueFrom, lastValueFrom } from 'rxjs';
import { createClient, streamableHttp } from '../../../src/index.js';
import { otelLink } from '../../../src/otel/index.js';
import { exampleServerFile, launch, type LaunchedServer } from '../../fixtures/official/launch.js';
import { installGlobals, memoryTelemetry } from './telemetry.js';

describe('otelLink against the bundled example server over Streamable HTTP', () => {
  let server: LaunchedServer;
  let uninstall: () => void;
  beforeAll(async () => {
    uninstall = installGlobals();
    server = await launch(exampleServerFile('http.ts'));
  });
  afterAll(async () => {
    uninstall();
    await server.close();
  });

  for (const [protocol, version] of [['legacy', '2025-11-25'], ['auto', '2026-07-28']] as const) {
    it(`(${version}) gives the call span the network, the server's address and port, and the session id the server issued (2025 only)`, async () => {
      const telemetry = memoryTelemetry();
      const transport = streamableHttp(server.url);
      const link = otelLink({ tracer: telemetry.tracerProvider.getTracer('spec'), meter: telemetry.meterProvider.getMeter('spec'), server: server.url });
      const client = createClient(transport, { protocol, links: [link], timeout: { firstMs: 10_000 } });
      try {
        expect((await firstValueFrom(client.connect())).protocolVersion).toBe(version);
        await lastValueFrom(client.callTool('add', { a: 1, b: 2 }));
        const sessionId = transport.sessionId;
        const [span] = telemetry.spansNamed('tools/call add');
        const url = new URL(server.url);
        expect(span?.attributes).toEqual(jasmine.objectContaining({
          'mcp.protocol.version': version,
          'network.transport': 'tcp',
          'network.protocol.name': 'http',
          'server.address': url.hostname,
          'server.port': Number(url.port),
        }));
        if (version === '2025-11-25') {
          expect(sessionId).toMatch(/./);
          expect(span?.attributes['mcp.session.id']).toBe(sessionId);
        } else {
          expect(sessionId).toBeUndefined();
          expect(span?.attributes['mcp.session.id']).toBeUndefined();
        }
      } finally {
        client.close();
        await telemetry.shutdown();
      }
    });
  }
});
