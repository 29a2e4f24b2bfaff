import { createHmac, timingSafeEqual } from 'node:crypto';
import { EventWebhookError } from '../errors/webhook-errors.js';

/** The Standard Webhooks headers of one delivery, as received. */
export interface WebhookHeaders {
  readonly id: string | undefined;
  readonly timestamp: string | undefined;
  readonly signature: string | undefined;
}

/** What a check needs besides the delivery: the key, the clock's reading, the tolerance and which signatures were accepted. */
export interface WebhookCheck {
  readonly key: Buffer;
  readonly nowMs: number;
  readonly toleranceMs: number;
  readonly accepted: (signature: string) => boolean;
}

const SECRET_PREFIX = 'whsec_';
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The signing key of a `whsec_<base64 of 24 to 64 bytes>` secret, or the error that says why it is not one. */
export function webhookKey(secret: string): Buffer | EventWebhookError {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : '';
  const key = BASE64.test(encoded) ? Buffer.from(encoded, 'base64') : Buffer.alloc(0);
  if (key.length >= 24 && key.length <= 64) return key;
  return new EventWebhookError('bad-secret', 'The webhook secret must be "whsec_" followed by base64 of 24 to 64 random bytes');
}

/** The `v1,<base64>` signature of a delivery: HMAC-SHA256 over `id.timestamp.body` (Standard Webhooks). */
export function signWebhook(key: Buffer, id: string, timestampSeconds: number | string, body: string): string {
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

function matches(expected: string, candidate: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(candidate);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Checks one delivery: its headers are there, one of its space-separated `v1` signatures matches the body, its
 * timestamp is within the tolerance of `nowMs`, and that signature was not accepted before. Returns the matching
 * signature (to remember as accepted) or the error to answer with.
 */
export function checkWebhook(headers: WebhookHeaders, body: string, check: WebhookCheck): string | EventWebhookError {
  const { id, timestamp, signature } = headers;
  if (id === undefined || timestamp === undefined || signature === undefined || !/^\d+$/.test(timestamp)) {
    return new EventWebhookError('malformed', 'A delivery needs the webhook-id, webhook-timestamp and webhook-signature headers', { webhookId: id, status: 400 });
  }
  const expected = signWebhook(check.key, id, timestamp, body);
  const found = signature.split(' ').find((candidate) => matches(expected, candidate));
  if (found === undefined) {
    return new EventWebhookError('bad-signature', `No signature of delivery "${id}" matches its body under the secret`, { webhookId: id, status: 401 });
  }
  if (Math.abs(check.nowMs - Number(timestamp) * 1000) > check.toleranceMs) {
    return new EventWebhookError('stale-timestamp', `Delivery "${id}" was signed at ${timestamp}, outside the tolerance of ${check.toleranceMs} ms`, { webhookId: id, status: 401 });
  }
  if (check.accepted(found)) {
    return new EventWebhookError('replay', `Delivery "${id}" was accepted before with this signature`, { webhookId: id, status: 409 });
  }
  return found;
}
