import { TransportError } from '../../errors/errors.js';
import type { FrameFailure, InboundFrame, OutboundFrame } from '../types.js';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * The inbound frame that reports one outbound frame which could not be delivered, without ending the connection:
 * a request fails with the error, a lost answer or notification becomes a diagnostic.
 */
export function frameFailure(frame: OutboundFrame, error: unknown): InboundFrame {
  const message = frame.message as unknown;
  const failure: { -readonly [K in keyof FrameFailure]: FrameFailure[K] } = { error: TransportError.from(error) };
  if (isObject(message)) {
    const { id, method } = message;
    const isId = typeof id === 'string' || typeof id === 'number';
    if (typeof method === 'string') failure.method = method;
    if (isId && typeof method === 'string') failure.requestId = id;
    else if (isId) failure.answering = id;
  }
  return { failure };
}

/** The inbound frame that reports an optional stream (`name`) failing; nothing else fails. */
export function streamFailure(name: string, error: unknown): InboundFrame {
  return { failure: { error: TransportError.from(error), stream: name } };
}
