import type { Attributes, Histogram, Meter } from '@opentelemetry/api';
import { asyncScheduler } from 'rxjs';
import type { CallConnection } from '../client/links/types.js';
import type { ConnectionEnd } from '../session/types.js';
import { connectionAttributes, errorTypeOf } from './attributes.js';

/** The bucket boundaries the MCP semantic conventions give both duration histograms, in seconds. */
export const MCP_DURATION_BUCKETS: readonly number[] = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300];

/** The bucket boundaries of `rxmcp.client.tool.result.size`, in bytes (1 KiB to 16 MiB). */
const SIZE_BUCKETS = [1024, 4096, 16_384, 65_536, 262_144, 1_048_576, 4_194_304, 16_777_216];

/** The client's instruments, made once per link. */
export interface Instruments {
  readonly operationDuration: Histogram;
  readonly sessionDuration: Histogram;
  readonly toolResultSize: Histogram;
}

/** The histograms of the conventions (`mcp.client.operation.duration`, `mcp.client.session.duration`) and rxmcp's result size. */
export function instruments(meter: Meter): Instruments {
  const seconds = { unit: 's', advice: { explicitBucketBoundaries: [...MCP_DURATION_BUCKETS] } };
  return {
    operationDuration: meter.createHistogram('mcp.client.operation.duration', {
      ...seconds,
      description: 'The duration of the MCP request or notification as observed on the sender from the time it was sent until the response or ack is received.',
    }),
    sessionDuration: meter.createHistogram('mcp.client.session.duration', { ...seconds, description: 'The duration of the MCP session as observed on the MCP client.' }),
    toolResultSize: meter.createHistogram('rxmcp.client.tool.result.size', {
      unit: 'By',
      description: 'The size of a tool result (its JSON, UTF-8 encoded), per tool.',
      advice: { explicitBucketBoundaries: SIZE_BUCKETS },
    }),
  };
}

/** The UTF-8 byte length of a value's JSON (0 when it has none). */
export function jsonBytes(value: unknown): number {
  const json = JSON.stringify(value) as string | undefined;
  return json === undefined ? 0 : new TextEncoder().encode(json).byteLength;
}

/** A connection that the client closed (`close()`), or the server ended without an error, did not fail. */
const endedCleanly = (end: ConnectionEnd): boolean => end.error === undefined || end.closed || end.error.name === 'ConnectionClosedError';

/** What a link remembers of a connection until it ends: the revision agreed on it, once known. */
interface Watched {
  protocolVersion: string | undefined;
}

/**
 * Records `mcp.client.session.duration` of every connection a call is seen on, once, when the connection ends: from
 * when it was opened to its end, with its revision, network and server, and `error.type` when it failed.
 */
export class SessionWatch {
  private readonly watched = new WeakMap<object, Watched>();

  constructor(private readonly histogram: Histogram, private readonly server: Attributes) {}

  /** Starts watching `connection` (once), and notes the revision agreed on it, once known. */
  seen(connection: CallConnection, protocolVersion: string | undefined): void {
    const known = this.watched.get(connection.ended$);
    if (known !== undefined) {
      known.protocolVersion = connection.server?.protocolVersion ?? known.protocolVersion ?? protocolVersion;
      return;
    }
    const watched: Watched = { protocolVersion: connection.server?.protocolVersion ?? protocolVersion };
    this.watched.set(connection.ended$, watched);
    connection.ended$.subscribe((end) => {
      const seconds = Math.max(0, asyncScheduler.now() - connection.openedAt) / 1000;
      const failed = endedCleanly(end) ? {} : { 'error.type': errorTypeOf(end.error) };
      this.histogram.record(seconds, { ...connectionAttributes(connection, watched.protocolVersion, this.server), ...failed });
    });
  }
}
