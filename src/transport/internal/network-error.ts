/** What the cause chain of a failed request says, beside its own message: `ECONNREFUSED: connect ECONNREFUSED …`. */
function causeOf(error: unknown): string | undefined {
  const cause = (error as { cause?: unknown } | null)?.cause;
  if (typeof cause !== 'object' || cause === null) return undefined;
  const nested = (cause as { errors?: unknown }).errors;
  const first = Array.isArray(nested) && nested.length > 0 ? nested[0] : cause;
  const code = (first as { code?: unknown }).code;
  const message = (first as { message?: unknown }).message;
  const text = typeof message === 'string' && message !== '' ? message : undefined;
  if (typeof code === 'string' && text !== undefined) return text.includes(code) ? text : `${code}: ${text}`;
  return typeof code === 'string' ? code : text;
}

/**
 * Why a request could not be sent, for an error message: the error's own message, plus what its cause says
 * (`fetch failed` alone names nothing: the cause holds `ECONNREFUSED`, `ENOTFOUND`, a TLS failure, ...).
 */
export function networkReason(error: unknown): string {
  const own = error instanceof Error ? error.message : String(error);
  const cause = causeOf(error);
  return cause === undefined || own.includes(cause) ? own : `${own} (${cause})`;
}
