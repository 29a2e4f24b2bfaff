// Polling waits for specs (Node and browser alike): check a condition every few milliseconds until it holds.

/** Polls `check` every `everyMs` until it holds: true, or false once `ms` passed without it. */
export async function eventually(check: () => boolean | Promise<boolean>, ms: number, everyMs = 10): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/**
 * Polls `check` every `everyMs` until it holds; rejects with the message `what` (read at the time; by default
 * `condition not met within <ms> ms`) once `ms` passed.
 */
export async function until(check: () => boolean | Promise<boolean>, ms: number, what: string | (() => string) = `condition not met within ${ms} ms`, everyMs = 10): Promise<void> {
  if (!(await eventually(check, ms, everyMs))) throw new Error(typeof what === 'string' ? what : what());
}
