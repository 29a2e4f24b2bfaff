import type { Transport } from 'rxmcp';
declare const transport: Transport;
// #region example
import { createClient, typedTools } from 'rxmcp';

// What `rxmcp types <target> > tools.d.ts` writes, in short:
type Tools = { add: { input: { a: number; b: number } } };
const tools = typedTools<Tools>(createClient(transport));
tools.callTool('add', { a: 2, b: 40 }).subscribe((result) => console.log(result.content));
// #endregion
