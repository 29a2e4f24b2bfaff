import { canClientRequest, isServerRequestSpec, methodSpec, methodsFor } from '../../src/protocol/methods.js';
import { schemasFor } from '../../src/protocol/revision-schemas.js';
import { SUPPORTED_PROTOCOL_VERSIONS, type ProtocolVersion } from '../../src/protocol/versions.js';

const names = (version: ProtocolVersion) => Object.keys(methodsFor(version)).sort();

describe('protocol methodsFor', () => {
  it('drops the handshake-era methods in 2026-07-28 and adds discovery and listen', () => {
    const modern = names('2026-07-28');
    for (const removed of [
      'initialize',
      'ping',
      'logging/setLevel',
      'resources/subscribe',
      'resources/unsubscribe',
      'notifications/initialized',
      'notifications/roots/list_changed',
      'notifications/elicitation/complete',
      'tasks/get',
      'tasks/result',
      'tasks/list',
      'tasks/cancel',
      'notifications/tasks/status',
    ]) {
      expect(modern).withContext(removed).not.toContain(removed);
    }
    for (const added of ['server/discover', 'subscriptions/listen', 'notifications/subscriptions/acknowledged']) {
      expect(modern).toContain(added);
      expect(names('2025-11-25')).not.toContain(added);
    }
  });

  it('adds elicitation in 2025-06-18 and the core tasks and elicitation/complete in 2025-11-25', () => {
    expect(names('2025-03-26')).toEqual(names('2024-11-05'));
    expect(names('2025-06-18').filter((m) => !names('2025-03-26').includes(m))).toEqual(['elicitation/create']);
    expect(names('2025-11-25').filter((m) => !names('2025-06-18').includes(m))).toEqual([
      'notifications/elicitation/complete',
      'notifications/tasks/status',
      'tasks/cancel',
      'tasks/get',
      'tasks/list',
      'tasks/result',
    ]);
  });

  it('marks 2026-07-28 server requests as input requests and the MRTR methods', () => {
    for (const method of ['sampling/createMessage', 'elicitation/create', 'roots/list']) {
      expect(methodSpec('2026-07-28', method)?.inputRequest).withContext(method).toBeTrue();
      expect(isServerRequestSpec(methodSpec('2026-07-28', method))).toBeTrue();
    }
    const mayRequireInput = names('2026-07-28').filter((m) => methodSpec('2026-07-28', m)?.mayRequireInput);
    expect(mayRequireInput).toEqual(['prompts/get', 'resources/read', 'tools/call']);
  });

  it('names the capability a method depends on', () => {
    expect(methodSpec('2025-11-25', 'resources/subscribe')?.serverCapability).toEqual(['resources', 'subscribe']);
    expect(methodSpec('2024-11-05', 'completion/complete')?.serverCapability).toBeUndefined();
    expect(methodSpec('2025-03-26', 'completion/complete')?.serverCapability).toEqual(['completions']);
    expect(methodSpec('2025-06-18', 'roots/list')?.clientCapability).toEqual(['roots']);
    expect(methodSpec('2025-06-18', 'notifications/roots/list_changed')?.clientCapability).toEqual(['roots', 'listChanged']);
  });

  it('answers undefined for unknown methods, including inherited object keys', () => {
    expect(methodSpec('2025-11-25', 'no/such')).toBeUndefined();
    expect(methodSpec('2025-11-25', 'toString')).toBeUndefined();
    expect(canClientRequest('2026-07-28', 'initialize')).toBeFalse();
    expect(canClientRequest('2026-07-28', 'server/discover')).toBeTrue();
    expect(canClientRequest('2025-06-18', 'roots/list')).toBeFalse();
  });

  it('has a schema for every method of every revision, in each direction it travels', () => {
    for (const version of SUPPORTED_PROTOCOL_VERSIONS) {
      const schemas = schemasFor(version);
      for (const [method, spec] of Object.entries(methodsFor(version))) {
        const c2s = spec.direction !== 'server-to-client';
        const s2c = spec.direction !== 'client-to-server';
        const tables =
          spec.kind === 'request'
            ? [c2s && schemas.clientRequests, c2s && schemas.results, s2c && schemas.serverRequests, s2c && schemas.clientResults]
            : [c2s && schemas.clientNotifications, s2c && schemas.serverNotifications];
        for (const table of tables) {
          if (table) expect(table[method]).withContext(`${version} ${method}`).toBeDefined();
        }
      }
    }
  });

  it('has no schema for a method the revision lacks', () => {
    for (const version of SUPPORTED_PROTOCOL_VERSIONS) {
      const schemas = schemasFor(version);
      const tables = [schemas.clientRequests, schemas.results, schemas.serverRequests, schemas.clientResults];
      const notificationTables = [schemas.clientNotifications, schemas.serverNotifications];
      for (const method of tables.flatMap((table) => Object.keys(table))) {
        expect(methodSpec(version, method)?.kind).withContext(`${version} ${method}`).toBe('request');
      }
      for (const method of notificationTables.flatMap((table) => Object.keys(table))) {
        expect(methodSpec(version, method)?.kind).withContext(`${version} ${method}`).toBe('notification');
      }
    }
  });
});
