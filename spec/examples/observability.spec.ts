// docs/observability.md: otelLink with the SDK's ConsoleSpanExporter, run against the testing controller in both eras.
import { BasicTracerProvider, ConsoleSpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { createClient } from '../../src/index.js';
import { otelLink } from '../../src/otel/index.js';
import { itInEachEra, serveTools, tool, toolResult } from '../../src/testing/index.js';

describe('docs/observability.md', () => {
  itInEachEra('prints a CLIENT span "tools/call search" for a tool call, with the tool and the revision', (server, { flush }) => {
    serveTools(server, [tool('search')]);
    const calls = server.whenRequest('tools/call').respond(toolResult('found'));
    const printed: unknown[] = [];
    spyOn(console, 'dir').and.callFake((value: unknown) => printed.push(value));
    // #region readme
    const provider = new BasicTracerProvider({
      spanProcessors: [new SimpleSpanProcessor(new ConsoleSpanExporter())],
    });
    const client = createClient(server.transport, {
      links: [otelLink({ tracer: provider.getTracer('my-app') })],
    });
    client.callTool('search', { q: 'rxjs' }).subscribe();
    // #endregion
    flush();
    const span = printed.find((value) => (value as { name?: string }).name === 'tools/call search') as { kind: number; attributes: Record<string, unknown> } | undefined;
    expect(span?.kind).toBe(2); // SpanKind.CLIENT
    expect(span?.attributes).toEqual(jasmine.objectContaining({ 'gen_ai.tool.name': 'search', 'mcp.protocol.version': server.revision }));
    expect(calls.requests.length).toBe(1);
    client.close();
  });
});
