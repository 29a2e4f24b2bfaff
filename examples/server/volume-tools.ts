import type { LoggingLevel, McpServer } from '@modelcontextprotocol/server';
import * as z from 'zod';

/** Size of a `big_result` answer when none is asked for: 5 MiB. */
export const BIG_RESULT_DEFAULT_BYTES = 5 * 1024 * 1024;
/** The largest `big_result` answer: 16 MiB. */
const BIG_RESULT_MAX_BYTES = 16 * 1024 * 1024;
/** The most log messages one `flood` call sends. */
const FLOOD_MAX = 5000;

const LEVELS: readonly LoggingLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/** `bytes` characters of numbered lines, so that a preview shows where it is cut. */
function filler(bytes: number): string {
  const lines: string[] = [];
  let length = 0;
  for (let index = 1; length < bytes; index += 1) {
    const line = `line ${String(index).padStart(7, '0')}: the quick brown fox jumps over the lazy dog\n`;
    lines.push(line);
    length += line.length;
  }
  return lines.join('').slice(0, bytes);
}

function registerBigResult(server: McpServer): void {
  server.registerTool(
    'big_result',
    {
      title: 'Big result',
      description: 'Returns one text block of `sizeBytes` characters (default 5 MiB), for clients that must stay responsive.',
      inputSchema: z.object({ sizeBytes: z.optional(z.number().int().min(1).max(BIG_RESULT_MAX_BYTES)) }),
      annotations: { readOnlyHint: true, idempotentHint: true },
    },
    ({ sizeBytes }) => ({ content: [{ type: 'text', text: filler(sizeBytes ?? BIG_RESULT_DEFAULT_BYTES) }] }),
  );
}

function registerFlood(server: McpServer): void {
  server.registerTool(
    'flood',
    {
      title: 'Flood',
      description: 'Sends `count` log messages as fast as it can, cycling through the eight levels, then answers.',
      inputSchema: z.object({ count: z.number().int().min(1).max(FLOOD_MAX) }),
      annotations: { readOnlyHint: true },
    },
    async ({ count }, ctx) => {
      for (let index = 0; index < count; index += 1) {
        const level = LEVELS[index % LEVELS.length] as LoggingLevel;
        await ctx.mcpReq.log(level, { message: `flood message ${index + 1} of ${count}` }, 'flood');
      }
      return { content: [{ type: 'text', text: `sent ${count} log messages` }] };
    },
  );
}

/** Registers `big_result` (one large answer) and `flood` (many log messages): load for a client's UI. */
export function registerVolumeTools(server: McpServer): void {
  registerBigResult(server);
  registerFlood(server);
}
