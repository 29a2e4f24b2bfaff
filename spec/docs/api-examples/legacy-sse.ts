// #region example
import { createClient, legacySse } from 'rxmcp';

// A server that still speaks the 2024-11-05 HTTP+SSE transport: GET the event stream, POST to the endpoint it names.
const client = createClient(legacySse('https://example.com/sse'));
// #endregion
export { client };
