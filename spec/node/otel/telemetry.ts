import { context, propagation, type Attributes } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { AggregationTemporality, InMemoryMetricExporter, MeterProvider, PeriodicExportingMetricReader, type DataPoint, type Histogram } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';

/** An OpenTelemetry SDK that keeps what it records in memory: finished spans and collected metrics. */
export interface MemoryTelemetry {
  readonly tracerProvider: BasicTracerProvider;
  readonly meterProvider: MeterProvider;
  /** The finished spans, in the order they ended. */
  spans(): ReadableSpan[];
  /** The spans named `name`. */
  spansNamed(name: string): ReadableSpan[];
  /** Collects the metrics now and returns the histogram points of the instrument `name`, with its unit. */
  histogram(name: string): Promise<{ readonly unit: string | undefined; readonly points: DataPoint<Histogram>[] }>;
  shutdown(): Promise<void>;
}

/** The SDK's in-memory exporters for traces and metrics. */
export function memoryTelemetry(): MemoryTelemetry {
  const spanExporter = new InMemorySpanExporter();
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spanExporter)] });
  const metricExporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
  const reader = new PeriodicExportingMetricReader({ exporter: metricExporter, exportIntervalMillis: 3_600_000 });
  const meterProvider = new MeterProvider({ readers: [reader] });
  return {
    tracerProvider,
    meterProvider,
    spans: () => spanExporter.getFinishedSpans(),
    spansNamed: (name) => spanExporter.getFinishedSpans().filter((span) => span.name === name),
    async histogram(name) {
      await reader.forceFlush();
      const metrics = metricExporter.getMetrics().at(-1)?.scopeMetrics.flatMap((scope) => scope.metrics) ?? [];
      const metric = metrics.find((candidate) => candidate.descriptor.name === name);
      return { unit: metric?.descriptor.unit, points: (metric?.dataPoints ?? []) as DataPoint<Histogram>[] };
    },
    async shutdown() {
      await tracerProvider.shutdown();
      await meterProvider.shutdown();
    },
  };
}

/** Installs the global context manager (AsyncLocalStorage) and the W3C trace context propagator; returns the undo. */
export function installGlobals(): () => void {
  const manager = new AsyncLocalStorageContextManager().enable();
  context.setGlobalContextManager(manager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  return () => {
    context.disable();
    propagation.disable();
  };
}

/** The points whose attributes include every one of `attributes`. */
export function pointsWith<T extends { readonly attributes: Attributes }>(points: readonly T[], attributes: Attributes): T[] {
  return points.filter((point) => Object.entries(attributes).every(([key, value]) => point.attributes[key] === value));
}
