import { switchMap, take } from 'rxjs';
import type { Transport } from 'rxmcp';
import { multiplex } from 'rxmcp/session';
declare const transport: Transport;
// #region example
const mux = multiplex({ handlers: { 'roots/list': () => ({ roots: [] }) } });
transport.connect(mux.outbound$)
  .pipe(mux, switchMap((connection) => connection.request('tools/list')), take(1))   // take(1) then closes the duplex
  .subscribe((result) => console.log(result));
// #endregion
