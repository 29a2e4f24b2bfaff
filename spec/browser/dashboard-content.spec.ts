import { render } from 'lit-html';
import type { CallToolResult } from 'rxmcp';
import { toolResult } from '../../examples/dashboard/src/view/content.js';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

function shown(result: CallToolResult, read: (uri: string) => void = () => undefined): HTMLElement {
  const element = document.createElement('div');
  render(toolResult(result, { read }), element);
  return element;
}

describe('dashboard result view (examples/dashboard, in Chromium)', () => {
  it('renders text, images, audio, resource links and embedded resources, with structured output apart', () => {
    const read = jasmine.createSpy('read');
    const element = shown({
      content: [
        { type: 'text', text: 'hello' },
        { type: 'image', data: PNG, mimeType: 'image/png' },
        { type: 'audio', data: 'UklGRg==', mimeType: 'audio/wav' },
        { type: 'resource_link', uri: 'file:///a.txt', name: 'a.txt' },
        { type: 'resource', resource: { uri: 'file:///b.txt', mimeType: 'text/plain', text: 'embedded text' } },
      ],
      structuredContent: { sum: 42 },
    } as unknown as CallToolResult, read);
    expect(element.querySelector('.block.text')?.textContent).toContain('hello');
    expect(element.querySelector('img')?.getAttribute('src')).toBe(`data:image/png;base64,${PNG}`);
    expect(element.querySelector('audio')?.getAttribute('src')).toBe('data:audio/wav;base64,UklGRg==');
    (element.querySelector('.block.link button') as HTMLButtonElement).click();
    expect(read).toHaveBeenCalledWith('file:///a.txt');
    expect(element.querySelector('.block.embedded')?.textContent).toContain('embedded text');
    expect(element.querySelector('.structured')?.textContent).toContain('"sum": 42');
    expect(element.querySelector('.empty-result')).toBeNull();
  });

  it('says "Empty result" for a result without content, and marks isError', () => {
    expect(shown({ content: [] } as unknown as CallToolResult).querySelector('.empty-result')?.textContent).toBe('Empty result: the tool returned no content.');
    expect(shown({ content: [{ type: 'text', text: 'no' }], isError: true } as unknown as CallToolResult).querySelector('.error-label')).not.toBeNull();
  });

  it('previews text over 100 KB instead of putting it in the page', () => {
    const element = shown({ content: [{ type: 'text', text: 'x'.repeat(300_000) }] } as unknown as CallToolResult);
    expect(element.querySelector('.payload.preview')?.textContent?.length).toBe(4000);
    expect(element.querySelector('.preview-note')?.textContent).toContain('300,000 characters');
    expect(element.innerHTML.length).toBeLessThan(10_000);
  });
});
