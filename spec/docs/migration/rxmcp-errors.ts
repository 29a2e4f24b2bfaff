import { toAsyncClient } from 'rxmcp';
declare const mcp: ReturnType<typeof toAsyncClient>;
// #region guide
import { MethodNotFoundError, RequestTimeoutError, RpcError } from 'rxmcp';

try {
  await mcp.callTool('add', { a: 1, b: 2 }, { timeout: { firstMs: 30_000 } });
} catch (error) {
  if (MethodNotFoundError.is(error)) console.log('no tools here');             // error.rpcCode === -32601
  if (RequestTimeoutError.is(error)) console.log(`too slow (${error.timeoutKind}: ${error.ms} ms)`);
  if (RpcError.is(error)) console.log(error.code, error.rpcCode, error.data);   // 'rpc', the wire code, its data
}
// #endregion
