import { discoverServer } from '../../protocol/server-card-discovery.js';
import { UsageError } from '../errors.js';
import { EXIT } from '../failure.js';
import type { Run } from '../run-context.js';

/** The URL or domain `card` looks up: the target URL, or the first operand (a bare domain is not a server name here). */
function cardTarget(run: Run): string {
  const { target, operands } = run.command;
  if (target.kind === 'url') return target.url;
  const word = operands[0] ?? (target.kind === 'config' ? target.server ?? target.file : undefined);
  if (word === undefined) throw new UsageError('card needs a URL or a domain: rxmcp card https://host/mcp | example.com');
  return word;
}

/** `card <url|domain>`: the server's MCP Server Card (SEP-2127), validated: who it is, its endpoints and revisions. */
export async function cardVerb(run: Run): Promise<number> {
  const found = await discoverServer(cardTarget(run));
  if (run.out.json) {
    run.out.value(found.card);
    return EXIT.ok;
  }
  const { card } = found;
  const style = run.out.style;
  run.out.line(`${style(['bold', 'cyan'], card.title ?? card.name)}  ${style('dim', `${card.name} ${card.version}`)}`);
  run.out.line(`  ${card.description}`);
  for (const remote of found.remotes) {
    run.out.line(`  ${remote.type}  ${remote.url}${remote.protocolVersions.length === 0 ? '' : style('dim', `  (${remote.protocolVersions.join(', ')})`)}`);
  }
  run.out.line(style('dim', `  card: ${found.cardUrl}`));
  return EXIT.ok;
}
