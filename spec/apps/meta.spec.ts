import type { ReadResourceResult, Tool } from '../../src/index.js';
import { AppResourceError } from '../../src/apps/errors.js';
import { appResource, appResourceUri, modelTools, toolVisibility } from '../../src/apps/meta.js';
import { grantedPermissions, permissionsPolicy } from '../../src/apps/permissions.js';

const tool = (name: string, ui?: unknown, extra: Record<string, unknown> = {}): Tool => ({ name, inputSchema: { type: 'object' }, _meta: { ...(ui === undefined ? {} : { ui }), ...extra } }) as Tool;

describe('rxmcp/apps tool and resource metadata', () => {
  it('finds the ui:// resource of a tool in _meta.ui.resourceUri or the older _meta["ui/resourceUri"], and nothing else', () => {
    expect(appResourceUri(tool('a', { resourceUri: 'ui://a/app.html' }))).toBe('ui://a/app.html');
    expect(appResourceUri(tool('b', undefined, { 'ui/resourceUri': 'ui://b/app.html' }))).toBe('ui://b/app.html');
    expect(appResourceUri(tool('c', { resourceUri: 'https://c.example.com/app.html' }))).toBeUndefined();
    expect(appResourceUri({ name: 'd', inputSchema: { type: 'object' } } as Tool)).toBeUndefined();
  });

  it('reads visibility (both by default) and keeps app-only tools out of the model\'s list', () => {
    const tools = [tool('both'), tool('model', { visibility: ['model'] }), tool('app', { visibility: ['app'] }), tool('odd', { visibility: 'app' })];
    expect(tools.map((entry) => toolVisibility(entry))).toEqual([['model', 'app'], ['model'], ['app'], ['model', 'app']]);
    expect(modelTools(tools).map((entry) => entry.name)).toEqual(['both', 'model', 'odd']);
  });

  it('reads an MCP App from text or a base64 blob, with its _meta.ui', () => {
    const meta = { ui: { csp: { connectDomains: ['https://api.example.com'] }, prefersBorder: false } };
    const text = { contents: [{ uri: 'ui://a/app.html', mimeType: 'text/html;profile=mcp-app', text: '<p>hi</p>', _meta: meta }] } as unknown as ReadResourceResult;
    expect(appResource(text, 'ui://a/app.html')).toEqual({ uri: 'ui://a/app.html', html: '<p>hi</p>', meta: meta.ui });
    const blob = { contents: [{ uri: 'ui://a/app.html', mimeType: 'text/html; profile=mcp-app', blob: btoa('<p>é</p>'.replace(/é/, '\u00c3\u00a9')) }] } as unknown as ReadResourceResult;
    expect(appResource(blob, 'ui://a/app.html').html).toBe('<p>é</p>');
  });

  it('refuses a resource that is not an MCP App with AppResourceError', () => {
    const cases = [
      { contents: [] },
      { contents: [{ uri: 'ui://a/app.html', mimeType: 'text/html', text: '<p>hi</p>' }] },
      { contents: [{ uri: 'ui://a/app.html', mimeType: 'text/html;profile=mcp-app' }] },
    ] as unknown as ReadResourceResult[];
    const messages = cases.map((result) => {
      try {
        appResource(result, 'ui://a/app.html');
        return 'read';
      } catch (error) {
        return AppResourceError.is(error) ? error.message : 'another error';
      }
    });
    expect(messages).toEqual([
      'ui://a/app.html is not an MCP App: the read gave no contents',
      'ui://a/app.html is not an MCP App: its type is text/html, not text/html;profile=mcp-app',
      'ui://a/app.html is not an MCP App: it has neither text nor blob',
    ]);
  });

  it('grants only the permissions both asked for and allowed, and none by default', () => {
    expect(grantedPermissions({ microphone: {}, clipboardWrite: {} }, [])).toEqual({});
    expect(grantedPermissions({ microphone: {}, clipboardWrite: {} }, ['clipboardWrite', 'camera'])).toEqual({ clipboardWrite: {} });
    expect(grantedPermissions(undefined, ['camera', 'microphone', 'geolocation', 'clipboardWrite'])).toEqual({});
    expect(permissionsPolicy({ camera: {}, clipboardWrite: {} })).toBe('camera; clipboard-write');
    expect(permissionsPolicy({})).toBe('');
  });
});
