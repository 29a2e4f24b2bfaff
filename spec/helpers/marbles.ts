import type { TestScheduler } from 'rxjs/testing';
import { createMarbleScheduler } from '../../src/testing/index.js';

/**
 * The TestScheduler of the project's marble specs: the testing kit's own (`createMarbleScheduler`), whose
 * assertions compare errors by name, message, code and a JSON-RPC error's `rpcCode` and `data` (not by identity or
 * stack), so `expectObservable(x).toBe('--#', undefined, new RequestTimeoutError(...))` checks the error class and text.
 */
export function createTestScheduler(): TestScheduler {
  return createMarbleScheduler();
}
