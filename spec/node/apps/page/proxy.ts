// The sandbox proxy page of the rxmcp/apps specs: only the specs' host page may frame it.
import { runSandboxProxy } from 'rxmcp/apps';

declare const HOST_ORIGIN: string;

runSandboxProxy({ hostOrigins: [HOST_ORIGIN] });
