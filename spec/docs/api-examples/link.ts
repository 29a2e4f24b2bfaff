import type { Transport } from 'rxmcp';
declare const transport: Transport;
// #region example
import { tap } from 'rxjs';
import { createClient, type Link } from 'rxmcp';

const logging: Link = (call, next) => {
  const started = Date.now();
  return next(call).pipe(tap({
    complete: () => console.log(`${call.method} took ${Date.now() - started} ms`),
    error: (error) => console.log(`${call.method} failed: ${error.message}`),
  }));
};
const client = createClient(transport, { links: [logging] });
// #endregion
export { client };
