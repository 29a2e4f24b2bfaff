import type { Transport } from 'rxmcp';
declare const transport: Transport;
// #region example
import { trace, metrics } from '@opentelemetry/api';
import { createClient } from 'rxmcp';
import { otelLink } from 'rxmcp/otel';

const client = createClient(transport, {
  links: [otelLink({ tracer: trace.getTracer('my-app'), meter: metrics.getMeter('my-app') })],
});
// #endregion
export { client };
