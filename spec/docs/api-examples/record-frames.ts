// #region example
import { createClient, streamableHttp } from 'rxmcp';
import { recordFrames } from 'rxmcp/session';

const lines: string[] = [];
const client = createClient(recordFrames((line) => lines.push(line), { redact: ['apiKey'] })(streamableHttp('https://example.com/mcp')));
// #endregion
