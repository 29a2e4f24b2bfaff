import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { firstValueFrom, lastValueFrom } from 'rxjs';
import { createClient, RpcError, type Client, type ProtocolMode } from '../../../src/index.js';
import { stdio } from '../../../src/node/index.js';
import { otelLink, TOOL_ERROR } from '../../../src/otel/index.js';
import type { RequestId } from '../../../src/protocol/index.js';
import { nodeCommand } from '../../fixtures/official/launch.js';
import { fixtureServer } from '../../fixtures/servers/paths.js';
import { installGlobals, memoryTelemetry, pointsWith, type MemoryTelemetry } from './telemetry.js';

const ERAS: readonly { readonly protocol: ProtocolMode; readonly version: string; readonly negotiation: string }[] = [
  { protocol: 'legacy', version: '2025-11-25', negotiation: 'initialize' },
  { protocol: 'auto', version: '2026-07-28', negotiation: 'server/discover' },
];

describe('otelLink against a real server over stdio', () => {
  let uninstall: () => void;
  beforeAll(() => (uninstall = installGlobals()));
  afterAll(() => uninstall());

  for (const era of ERAS) {
    describe(`at ${era.version}`, () => {
      let telemetry: MemoryTelemetry;
      let client: Client;
      beforeEach(async () => {
        telemetry = memoryTelemetry();
        const link = otelLink({ tracer: telemetry.tracerProvider.getTracer('spec'), meter: telemetry.meterProvider.getMeter('spec') });
        const transport = stdio({ ...nodeCommand(fixtureServer('trace-server')), closeGraceMs: 200, termGraceMs: 200 });
        client = createClient(transport, { protocol: era.protocol, links: [link], timeout: { firstMs: 10_000 } });
        expect((await firstValueFrom(client.connect())).protocolVersion).toBe(era.version);
      });
      afterEach(async () => {
        client.close();
        await telemetry.shutdown();
      });

      it('traces a tool call as a CLIENT span "tools/call traced", a child of the active span, whose context reaches the server in _meta', async () => {
        const parent = telemetry.tracerProvider.getTracer('spec').startSpan('parent');
        const ids: RequestId[] = [];
        const result = await context.with(trace.setSpan(context.active(), parent), () =>
          lastValueFrom(client.callTool('traced', {}, { onRequestId: (id) => ids.push(id) })),
        );
        parent.end();
        const [span] = telemetry.spansNamed('tools/call traced');
        expect(span).withContext('the call span').toBeDefined();
        if (span === undefined) return;
        expect(span.kind).toBe(SpanKind.CLIENT);
        expect(span.parentSpanContext?.spanId).toBe(parent.spanContext().spanId);
        expect(span.spanContext().traceId).toBe(parent.spanContext().traceId);
        expect(span.attributes).toEqual(jasmine.objectContaining({
          'mcp.method.name': 'tools/call',
          'gen_ai.tool.name': 'traced',
          'gen_ai.operation.name': 'execute_tool',
          'mcp.protocol.version': era.version,
          'network.transport': 'pipe',
          'jsonrpc.request.id': String(ids.at(-1)),
        }));
        expect(ids.length).toBe(1);
        expect(span.attributes['mcp.session.id']).toBeUndefined();
        expect(span.attributes['error.type']).toBeUndefined();
        expect(span.status.code).toBe(SpanStatusCode.UNSET);
        const { traceId, spanId } = span.spanContext();
        expect(result.structuredContent).toEqual({ traceparent: `00-${traceId}-${spanId}-01`, tracestate: null });
      });

      it('traces the negotiation too, with its request id and the revision asked for', async () => {
        const [span] = telemetry.spansNamed(era.negotiation);
        expect(span?.kind).toBe(SpanKind.CLIENT);
        expect(span?.attributes['mcp.method.name']).toBe(era.negotiation);
        expect(span?.attributes['jsonrpc.request.id']).toMatch(/^\d+$/);
        if (era.negotiation === 'initialize') expect(span?.attributes['mcp.protocol.version']).toBe(era.version);
      });

      it('ends the span of a tool result with isError: true with status ERROR and error.type tool_error, and counts it as an error', async () => {
        const result = await lastValueFrom(client.callTool('failing'));
        expect(result.isError).toBeTrue();
        const [span] = telemetry.spansNamed('tools/call failing');
        expect(span?.status.code).toBe(SpanStatusCode.ERROR);
        expect(span?.attributes['error.type']).toBe(TOOL_ERROR);
        const { points } = await telemetry.histogram('mcp.client.operation.duration');
        expect(pointsWith(points, { 'gen_ai.tool.name': 'failing', 'error.type': TOOL_ERROR }).length).toBe(1);
      });

      it('ends the span of an error answer with status ERROR, error.type and rpc.response.status_code its JSON-RPC code, and its message', async () => {
        const error = await lastValueFrom(client.readResource('example://missing')).then(() => undefined, (caught: unknown) => caught);
        expect(RpcError.is(error)).withContext(String(error)).toBeTrue();
        if (!RpcError.is(error)) return;
        const [span] = telemetry.spansNamed('resources/read');
        expect(span?.status).toEqual({ code: SpanStatusCode.ERROR, message: error.message });
        expect(span?.attributes).toEqual(jasmine.objectContaining({
          'mcp.resource.uri': 'example://missing',
          'error.type': String(error.rpcCode),
          'rpc.response.status_code': String(error.rpcCode),
        }));
        const { points } = await telemetry.histogram('mcp.client.operation.duration');
        expect(pointsWith(points, { 'mcp.method.name': 'resources/read', 'error.type': String(error.rpcCode) }).length).toBe(1);
      });

      it('records the operation duration in seconds per method and tool, the tool result size, and the session duration once the connection ends', async () => {
        await lastValueFrom(client.callTool('traced', {}));
        await lastValueFrom(client.callTool('traced', {}));
        const durations = await telemetry.histogram('mcp.client.operation.duration');
        expect(durations.unit).toBe('s');
        const traced = pointsWith(durations.points, { 'mcp.method.name': 'tools/call', 'gen_ai.tool.name': 'traced', 'mcp.protocol.version': era.version });
        expect(traced.map((point) => point.value.count)).toEqual([2]);
        expect(traced[0]?.attributes['error.type']).toBeUndefined();
        expect(traced[0]?.value.sum).toBeLessThan(10);
        const sizes = await telemetry.histogram('rxmcp.client.tool.result.size');
        expect(sizes.unit).toBe('By');
        const [size] = pointsWith(sizes.points, { 'gen_ai.tool.name': 'traced' });
        expect(size?.value.count).toBe(2);
        expect(size?.value.min).toBeGreaterThan(JSON.stringify({ traceparent: null }).length);
        expect((await telemetry.histogram('mcp.client.session.duration')).points).toEqual([]);
        client.close();
        const sessions = await telemetry.histogram('mcp.client.session.duration');
        expect(sessions.unit).toBe('s');
        expect(sessions.points.map((point) => [point.value.count, point.attributes])).toEqual([[1, { 'mcp.protocol.version': era.version, 'network.transport': 'pipe' }]]);
      });
    });
  }
});
