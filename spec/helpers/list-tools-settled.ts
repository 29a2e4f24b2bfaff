import { lastValueFrom } from 'rxjs';
import { createClient } from '../../src/client/client.js';
import type { StreamableHttpOptions } from '../../src/transport/streamable-http-options.js';
import { streamableHttp } from '../../src/transport/streamable-http.js';

/**
 * Lists the tools of the Streamable HTTP server at `url` with a fresh client (10 s for the first answer), closes it,
 * and resolves with the tools or with the error the listing failed with: the auth specs assert on either.
 */
export async function listToolsSettled(url: string, options: StreamableHttpOptions): Promise<unknown> {
  const client = createClient(streamableHttp(url, options), { timeout: { firstMs: 10_000 } });
  try {
    return await lastValueFrom(client.listTools());
  } catch (error) {
    return error;
  } finally {
    client.close();
  }
}
