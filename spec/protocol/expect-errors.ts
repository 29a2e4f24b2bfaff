import { SchemaError, UnsupportedMethodError } from '../../src/errors/errors.js';

/** What `run` throws, or `undefined` when it returns. */
export function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

/** Expects `run` to throw a `SchemaError` and returns it. */
export function expectSchemaError(run: () => unknown, context = ''): SchemaError {
  const error = thrown(run);
  expect(SchemaError.is(error)).withContext(`${context} threw ${String(error)}`).toBeTrue();
  return error as SchemaError;
}

/** Expects `run` to throw an `UnsupportedMethodError` and returns it. */
export function expectUnsupported(run: () => unknown, context = ''): UnsupportedMethodError {
  const error = thrown(run);
  expect(UnsupportedMethodError.is(error)).withContext(`${context} threw ${String(error)}`).toBeTrue();
  return error as UnsupportedMethodError;
}
