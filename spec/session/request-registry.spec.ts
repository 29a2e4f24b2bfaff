import { RequestRegistry, type PendingRequest } from '../../src/session/request-registry.js';

/** A pending request that writes what reaches it into `log`. */
function pending(name: string, log: string[]): PendingRequest<string> {
  return {
    method: name,
    respond: () => log.push(`${name} answered`),
    fail: () => log.push(`${name} failed`),
    progress: (params) => log.push(`${name} progress ${String(params['progress'])}`),
    connectionEnded: (end) => log.push(`${name} ended ${end}`),
  };
}

describe('RequestRegistry', () => {
  it('finds each request by its id and token, one at a time or many in flight, until it is removed', () => {
    const log: string[] = [];
    const registry = new RequestRegistry<string>();
    const [a, b, c] = [pending('a', log), pending('b', log), pending('c', log)];
    registry.add(1, a, 1);
    registry.add(2, b, undefined);
    registry.add(3, c, 'c-token');
    expect([registry.get(1), registry.get(2), registry.get(3), registry.get(4)]).toEqual([a, b, c, undefined]);
    expect([registry.forToken(1), registry.forToken(2), registry.forToken('c-token')]).toEqual([a, undefined, c]);
    registry.remove(1, a, 1);
    registry.add(4, a, undefined);
    expect([registry.get(1), registry.forToken(1), registry.get(4), registry.get(2)]).toEqual([undefined, undefined, a, b]);
    registry.remove(2, b, undefined);
    registry.remove(3, c, 'c-token');
    registry.remove(4, a, undefined);
    expect([registry.get(2), registry.get(3), registry.get(4), registry.forToken('c-token')]).toEqual([undefined, undefined, undefined, undefined]);
    registry.add(5, b, undefined);
    expect(registry.get(5)).toBe(b);
  });

  it('gives a token to the request that registered it last, and keeps it when an earlier holder is removed', () => {
    const log: string[] = [];
    const registry = new RequestRegistry<string>();
    const [first, second] = [pending('first', log), pending('second', log)];
    registry.add(1, first, 'shared');
    registry.add(2, second, 'shared');
    expect(registry.forToken('shared')).toBe(second);
    registry.remove(1, first, 'shared');
    expect(registry.forToken('shared')).toBe(second);
    expect(registry.get(2)).toBe(second);
  });

  it('leaves an id registered by another request alone when a request that does not hold it is removed', () => {
    const log: string[] = [];
    const registry = new RequestRegistry<string>();
    const [held, other] = [pending('held', log), pending('other', log)];
    registry.add(7, held, undefined);
    registry.remove(7, other, undefined);
    expect(registry.get(7)).toBe(held);
  });

  it('ends every request still waiting, oldest first, with the registry empty before the first hears of it', () => {
    const log: string[] = [];
    const registry = new RequestRegistry<string>();
    const seen: (PendingRequest<string> | undefined)[] = [];
    const first: PendingRequest<string> = { ...pending('first', log), connectionEnded: (end) => {
      seen.push(registry.get(1), registry.get(3), registry.forToken('t'));
      log.push(`first ended ${end}`);
    } };
    registry.add(1, first, undefined);
    registry.add(2, pending('second', log), undefined);
    registry.add(3, pending('third', log), 't');
    registry.remove(2, registry.get(2)!, undefined);
    registry.endAll('closed');
    expect(log).toEqual(['first ended closed', 'third ended closed']);
    expect(seen).toEqual([undefined, undefined, undefined]);
  });
});
