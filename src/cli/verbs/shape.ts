import type { ServerSession } from '../../index.js';

/**
 * A result as the negotiated revision shapes it: the client reads a legacy result without `resultType` as
 * `"complete"` (2026-07-28 semantics); a legacy revision has no such member, so it is left out again.
 */
export function forRevision<T>(server: ServerSession | undefined, value: T): T {
  if (server?.era !== 'legacy' || typeof value !== 'object' || value === null || !('resultType' in value)) return value;
  const { resultType, ...rest } = value as Record<string, unknown>;
  return (resultType === 'complete' ? rest : value) as T;
}
