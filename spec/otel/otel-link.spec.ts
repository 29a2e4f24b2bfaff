import { propagation, SpanStatusCode } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { createClient, RequestTimeoutError } from '../../src/index.js';
import { errorTypeOf, otelLink, type OtelLinkOptions } from '../../src/otel/index.js';
import { itInEachEra, promptResult, resourceContents, serveTools, tool, toolResult, type TestingController } from '../../src/testing/index.js';

/** A client over `server` with an otelLink whose spans land in the returned exporter. */
function traced(server: TestingController, options: Omit<OtelLinkOptions, 'tracer'> = {}) {
  const exporter = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  const client = createClient(server.transport, { links: [otelLink({ ...options, tracer: provider.getTracer('spec') })] });
  return { client, spans: (name: string) => exporter.getFinishedSpans().filter((span) => span.name === name) };
}

describe('otelLink', () => {
  itInEachEra('ends the span of a call its caller left before the result with error.type cancelled', (server, { flush }) => {
    serveTools(server, [tool('slow')]);
    server.whenRequest('tools/call').never();
    const { client, spans } = traced(server);
    const subscription = client.callTool('slow', {}, { timeout: false }).subscribe();
    flush();
    expect(spans('tools/call slow')).toEqual([]);
    subscription.unsubscribe();
    expect(spans('tools/call slow').map((span) => [span.attributes['error.type'], span.status.code])).toEqual([['cancelled', SpanStatusCode.ERROR]]);
    client.close();
  });

  itInEachEra('gives a call that timed out the class name of its error as error.type', (server, { flush }) => {
    serveTools(server, [tool('slow')]);
    server.whenRequest('tools/call').never();
    const { client, spans } = traced(server);
    let failure: unknown;
    client.callTool('slow', {}, { timeout: { firstMs: 1000 } }).subscribe({ error: (error: unknown) => (failure = error) });
    flush();
    expect(RequestTimeoutError.is(failure)).toBeTrue();
    expect(spans('tools/call slow')[0]?.attributes['error.type']).toBe('RequestTimeoutError');
    expect(errorTypeOf(failure)).toBe('RequestTimeoutError');
    client.close();
  });

  itInEachEra('names a prompt span by the prompt, and a resource span by the URI only when asked', (server, { flush }) => {
    server.whenRequest('prompts/get').respond(promptResult('hello'));
    server.whenRequest('resources/read').respond(resourceContents('example://a', 'A'));
    const plain = traced(server);
    const named = traced(server, { resourceUriInSpanName: true, server: 'https://mcp.example.com/mcp' });
    plain.client.getPrompt('review').subscribe();
    plain.client.readResource('example://a').subscribe();
    named.client.readResource('example://a').subscribe();
    flush();
    expect(plain.spans('prompts/get review')[0]?.attributes['gen_ai.prompt.name']).toBe('review');
    expect(plain.spans('resources/read')[0]?.attributes['mcp.resource.uri']).toBe('example://a');
    const [read] = named.spans('resources/read example://a');
    expect(read?.attributes).toEqual(jasmine.objectContaining({ 'server.address': 'mcp.example.com', 'server.port': 443 }));
    plain.client.close();
    named.client.close();
  });

  describe('with the W3C propagator', () => {
    beforeEach(() => propagation.setGlobalPropagator(new W3CTraceContextPropagator()));
    afterEach(() => propagation.disable());

    itInEachEra('puts the call span\'s traceparent in _meta, unless propagate is false', (server, { flush }) => {
      serveTools(server, [tool('echo')]);
      const calls = server.whenRequest('tools/call').respond(toolResult('ok'));
      const on = traced(server);
      const off = traced(server, { propagate: false });
      on.client.callTool('echo').subscribe();
      off.client.callTool('echo').subscribe();
      flush();
      const span = on.spans('tools/call echo')[0]?.spanContext();
      expect(calls.requests.map((request) => request.meta?.['traceparent'])).toEqual([`00-${span?.traceId}-${span?.spanId}-01`, undefined]);
      on.client.close();
      off.client.close();
    });
  });
});
