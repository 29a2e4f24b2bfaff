import { leadingId } from '../../src/session/leading-id.js';

describe('leadingId', () => {
  it('reads a top-level integer or string id, wherever it stands among the members that come before the result', () => {
    expect(leadingId('{"jsonrpc":"2.0","id":17,"result":{"text":"aaa')).toBe(17);
    expect(leadingId('{ "id" : "req-1", "result": {')).toBe('req-1');
    expect(leadingId('{"jsonrpc":"2.0","meta":{"id":3,"list":[1,{"id":4}]},"id":-5,"result":')).toBe(-5);
  });

  it('skips strings holding braces, quotes and an "id" key of their own', () => {
    expect(leadingId('{"note":"} \\"id\\": 9 {","id":2,"result":')).toBe(2);
  });

  it('answers undefined when the id is not in the start, is not a string or an integer, or the text is not an object', () => {
    expect(leadingId('{"jsonrpc":"2.0","result":{"text":"aaaa')).toBeUndefined();
    expect(leadingId('{"jsonrpc":"2.0","result":{"id":1},"text":"a')).toBeUndefined();
    expect(leadingId('{"id":null,"result":')).toBeUndefined();
    expect(leadingId('{"id":1.5,"result":')).toBeUndefined();
    expect(leadingId('[{"id":1}]')).toBeUndefined();
    expect(leadingId('{"id":"cut off')).toBeUndefined();
  });
});
