import { fillTemplate, templateVariables } from '../../../examples/dashboard/src/model/uri-template.js';

/** The page's resource template forms: RFC 6570 expansion of what the user typed. */
describe('dashboard resource templates (RFC 6570)', () => {
  it('names each variable once, without operators, modifiers or list commas', () => {
    expect(templateVariables('file:///{+path}{?q,lang}')).toEqual(['path', 'q', 'lang']);
    expect(templateVariables('db://{table}/{id:3}{/segments*}{#frag}{&page}')).toEqual(['table', 'id', 'segments', 'frag', 'page']);
    expect(templateVariables('example://{a}/{a}')).toEqual(['a']);
  });

  it('expands simple variables percent-encoded, reserved ones ({+path}) with their slashes', () => {
    expect(fillTemplate('example://greeting/{name}', { name: 'Ada Lovelace/x' })).toBe('example://greeting/Ada%20Lovelace%2Fx');
    expect(fillTemplate('file:///{+path}', { path: 'home/ada/notes.txt' })).toBe('file:///home/ada/notes.txt');
  });

  it('expands a query expression ({?q,lang}) into name=value pairs, leaving out the empty ones', () => {
    expect(fillTemplate('search://items{?q,lang}', { q: 'red fox', lang: 'en' })).toBe('search://items?q=red%20fox&lang=en');
    expect(fillTemplate('search://items{?q,lang}', { q: 'fox', lang: '' })).toBe('search://items?q=fox');
    expect(fillTemplate('search://items{?q,lang}', {})).toBe('search://items');
  });

  it('expands path segments, fragments and continued queries', () => {
    expect(fillTemplate('db://t{/id}{&page}', { id: '7', page: '2' })).toBe('db://t/7&page=2');
    expect(fillTemplate('doc://x{#section}', { section: 'a b' })).toBe('doc://x#a%20b');
  });
});
