import type { InboundFrame, InboundFrameInfo } from '../types.js';

/**
 * Parses one text frame into an `InboundFrame` without throwing: text that is not JSON becomes a `malformed`
 * frame, so the session can report it and go on.
 */
export function parseJsonFrame(text: string, info?: InboundFrameInfo): InboundFrame {
  try {
    const message: unknown = JSON.parse(text);
    return info === undefined ? { message } : { message, info };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return info === undefined ? { malformed: { raw: text, reason } } : { malformed: { raw: text, reason }, info };
  }
}
