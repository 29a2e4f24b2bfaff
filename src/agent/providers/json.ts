// Reading provider answers defensively: plain objects, and the error for an answer of the wrong shape.
import { ModelEndpointError } from '../errors.js';

/** A JSON object as read from an answer. */
export type Json = Record<string, unknown>;

/** True for a plain JSON object. */
export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The error for an answer that is not what the API answers. */
export const notAnAnswer = (what: string): ModelEndpointError => new ModelEndpointError(`The model endpoint answered something that is not ${what}`);

/** The error an error event or a failed response carries. */
export const failedWith = (error: unknown, fallback: string): ModelEndpointError =>
  new ModelEndpointError(`The model endpoint failed: ${isObject(error) && typeof error['message'] === 'string' ? error['message'] : fallback}`);

/** A number member, or nothing. */
export const numberAt = (value: Json, key: string): number | undefined => (typeof value[key] === 'number' ? value[key] : undefined);
