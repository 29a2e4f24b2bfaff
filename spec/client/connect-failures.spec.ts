import { isPermanentConnectFailure } from '../../src/client/connect-failures.js';
import {
  ConnectTimeoutError, ConnectionClosedError, MethodNotFoundError, NegotiationError, RequestTimeoutError, SessionExpiredError, TransportError, WebSocketCloseError,
} from '../../src/index.js';
import { AuthError } from '../../src/auth/index.js';

describe('isPermanentConnectFailure', () => {
  it('holds for no revision in common and for a handshake method the server does not have', () => {
    expect(isPermanentConnectFailure(new NegotiationError('no common revision', { offered: ['2023-01-01'] }))).toBeTrue();
    expect(isPermanentConnectFailure(new MethodNotFoundError('Method not found', { method: 'server/discover' }))).toBeTrue();
    expect(isPermanentConnectFailure(new MethodNotFoundError('Method not found', { method: 'initialize' }))).toBeTrue();
    expect(isPermanentConnectFailure(new MethodNotFoundError('Method not found', { method: 'tools/list' }))).toBeFalse();
  });

  it('holds for HTTP 4xx other than 408 and 429, except an expired session', () => {
    const permanent = (status: number) => isPermanentConnectFailure(new TransportError(`HTTP ${status}`, { status }));
    expect([400, 401, 403, 404, 405, 410, 415, 422].map(permanent)).toEqual([true, true, true, true, true, true, true, true]);
    expect([408, 429, 500, 502, 503, 504].map(permanent)).toEqual([false, false, false, false, false, false]);
    expect(isPermanentConnectFailure(new SessionExpiredError())).toBeFalse();
  });

  it('holds for refused or misconfigured authorization, not for a network failure or a failing server', () => {
    expect(isPermanentConnectFailure(new AuthError('authorization-denied', 'access_denied', { oauthError: 'access_denied' }))).toBeTrue();
    expect(isPermanentConnectFailure(new AuthError('rejected', 'the server kept refusing'))).toBeTrue();
    expect(isPermanentConnectFailure(new AuthError('token', 'invalid_grant', { status: 400, oauthError: 'invalid_grant' }))).toBeTrue();
    expect(isPermanentConnectFailure(new AuthError('no-client', 'no identity'))).toBeTrue();
    expect(isPermanentConnectFailure(new AuthError('token', 'token endpoint failed (TypeError, ECONNREFUSED)'))).toBeFalse();
    expect(isPermanentConnectFailure(new AuthError('token', 'HTTP 503', { status: 503 }))).toBeFalse();
    expect(isPermanentConnectFailure(new AuthError('discovery', 'metadata fetch failed (TypeError)'))).toBeFalse();
  });

  it('does not hold for transient failures: network, timeouts, closed connections, non-rxmcp errors', () => {
    expect(isPermanentConnectFailure(new TransportError('ECONNREFUSED'))).toBeFalse();
    expect(isPermanentConnectFailure(new ConnectTimeoutError(30_000))).toBeFalse();
    expect(isPermanentConnectFailure(new RequestTimeoutError('initialize', 'first', 10))).toBeFalse();
    expect(isPermanentConnectFailure(new ConnectionClosedError())).toBeFalse();
    expect(isPermanentConnectFailure(new WebSocketCloseError(1006, ''))).toBeFalse();
    expect(isPermanentConnectFailure(new Error('boom'))).toBeFalse();
    expect(isPermanentConnectFailure(undefined)).toBeFalse();
  });
});
