import { lastValueFrom } from 'rxjs';
import { createClient } from '../../src/client/client.js';
import { popupRedirect, type PopupWindowLike } from '../../src/auth/browser-redirect.js';
import type { AuthError } from '../../src/auth/errors.js';
import { oauth } from '../../src/auth/provider.js';
import { streamableHttp } from '../../src/transport/streamable-http.js';
import { createTenant, type Tenant } from '../helpers/auth-fixtures.js';

/** A popup stand-in that "navigates" by following the authorization server's redirects with fetch. */
function fakePopup(navigates = true): { open: (url: string) => PopupWindowLike; closedByUser: () => void; opened: string[] } {
  const opened: string[] = [];
  const state = { href: 'about:blank', closed: false };
  const popup: PopupWindowLike = {
    get closed() {
      return state.closed;
    },
    location: {
      get href() {
        return state.href;
      },
    },
    close: () => void (state.closed = true),
  };
  return {
    opened,
    open: (url) => {
      opened.push(url);
      if (navigates) void fetch(url, { redirect: 'follow' }).then((response) => (state.href = response.url));
      return popup;
    },
    closedByUser: () => void (state.closed = true),
  };
}

async function listWith(tenant: Tenant, redirect: ReturnType<typeof popupRedirect>): Promise<unknown> {
  const client = createClient(streamableHttp(tenant.urls.mcp, { auth: oauth({ redirect }) }), { timeout: false });
  try {
    return (await lastValueFrom(client.listTools())).map((tool) => tool.name);
  } catch (error) {
    return error;
  } finally {
    client.close();
  }
}

describe('popupRedirect', () => {
  it('opens the authorization page in a popup, takes the callback from its location, and closes it', async () => {
    const tenant = await createTenant();
    const popup = fakePopup();
    const redirect = popupRedirect({ redirectUri: `${tenant.origin}/__rxmcp/auth/callback`, open: popup.open, pollMs: 10 });
    expect(await listWith(tenant, redirect)).toContain('echo');
    expect(popup.opened.length).toBe(1);
  });

  it('also takes the callback its page announces (completePopupRedirect), for popups it cannot look into', async () => {
    const tenant = await createTenant();
    const popup = fakePopup(false);
    const redirectUri = `${tenant.origin}/__rxmcp/auth/callback`;
    const redirect = popupRedirect({
      redirectUri,
      pollMs: 10,
      open: (url) => {
        void fetch(url, { redirect: 'follow' }).then((response) => {
          const channel = new BroadcastChannel('rxmcp-oauth-callback');
          channel.postMessage(response.url);
          channel.close();
        });
        return popup.open(url);
      },
    });
    expect(await listWith(tenant, redirect)).toContain('echo');
  });

  it('fails with AuthError(interaction) when the popup is blocked or closed by the user', async () => {
    const tenant = await createTenant();
    const blocked = popupRedirect({ redirectUri: `${tenant.origin}/__rxmcp/auth/callback`, open: () => null });
    expect(((await listWith(tenant, blocked)) as AuthError).reason).toBe('interaction');
    const popup = fakePopup(false);
    const closing = popupRedirect({
      redirectUri: `${tenant.origin}/__rxmcp/auth/callback`,
      open: (url) => (setTimeout(popup.closedByUser, 30), popup.open(url)),
      pollMs: 10,
    });
    expect(((await listWith(tenant, closing)) as AuthError).reason).toBe('interaction');
  });
});

if ('document' in globalThis) {
  describe('popupRedirect in a browser', () => {
    it('completes the authorization in a real popup window of the page', async () => {
      const tenant = await createTenant();
      const redirect = popupRedirect({ redirectUri: `${tenant.origin}/__rxmcp/auth/callback`, pollMs: 20 });
      expect(await listWith(tenant, redirect)).toContain('echo');
      expect((await tenant.events('authorize')).length).toBe(1);
    });
  });
}
