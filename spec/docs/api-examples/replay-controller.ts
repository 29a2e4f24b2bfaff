// #region example
import { lastValueFrom } from 'rxjs';
import { createClient } from 'rxmcp';
import { replayController } from 'rxmcp/testing';

declare const recording: string; // what `rxmcp record session.ndjson <server>` wrote
const server = replayController(recording);
const tools = await lastValueFrom(createClient(server.transport).listTools());
server.verify();
// #endregion
