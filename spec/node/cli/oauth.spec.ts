import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { cliUrlGuard, openerCommand } from '../../../src/cli/auth.js';
import { createTenant } from '../../helpers/auth-fixtures.js';
import { cli, tempHome, type TempHome } from './helpers.js';

/** Plays the user's browser: follows the authorization URL (the fixture approves at once) to the loopback redirect. */
const browser = async (url: string): Promise<void> => void (await fetch(url, { redirect: 'follow' })).text();

describe('rxmcp and OAuth (the auth fixture on 127.0.0.1)', () => {
  let home: TempHome;
  beforeEach(async () => (home = await tempHome()));
  afterEach(async () => home.remove());

  const tokenFile = (): string => join(home.path, '.config', 'rxmcp', 'oauth.json');

  it('signs in through the browser and the loopback redirect, and keeps the tokens in a 0600 file', async () => {
    const tenant = await createTenant();
    const opened: string[] = [];
    const result = await cli(home, ['--oauth', tenant.urls.mcp, 'tools'], { openUrl: async (url) => (opened.push(url), browser(url)) });
    expect(result.exitCode).withContext(result.stderr).toBe(0);
    expect(result.stdout).toContain('echo(');
    expect(opened.length).toBe(1);
    const authorize = new URL(opened[0] as string);
    expect(authorize.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    expect(result.stderr).toContain(`Sign in: open ${opened[0]}`);
    expect((await stat(tokenFile())).mode & 0o777).toBe(0o600);
    expect(await readFile(tokenFile(), 'utf8')).toContain(tenant.urls.issuer);
  });

  it('uses the stored tokens later, without a terminal and without signing in again', async () => {
    const tenant = await createTenant();
    expect((await cli(home, ['--oauth', tenant.urls.mcp, 'tools'], { openUrl: browser })).exitCode).toBe(0);
    const authorizations = (await tenant.events('authorize')).length;
    const later = await cli(home, ['--json', tenant.urls.mcp, 'tools'], { openUrl: () => Promise.reject(new Error('no browser now')) });
    expect(later.exitCode).withContext(later.stderr).toBe(0);
    expect((await tenant.events('authorize')).length).toBe(authorizations);
  });

  it('signs in without --oauth when somebody is at a terminal', async () => {
    const tenant = await createTenant();
    const result = await cli(home, [tenant.urls.mcp, 'tools'], { interactive: true, openUrl: browser });
    expect(result.exitCode).withContext(result.stderr).toBe(0);
  });
});

describe('rxmcp and the OAuth URL guard', () => {
  let home: TempHome;
  beforeEach(async () => (home = await tempHome()));
  afterEach(async () => home.remove());

  // 0.0.0.0 (refused as unspecified) would reach this machine only, should the guard ever let it through.
  it('refuses an authorization server on a refused address with the authorization exit code, naming the rule', async () => {
    const tenant = await createTenant({ authorizationServers: ['https://0.0.0.0:9/as'] });
    const result = await cli(home, ['--oauth', tenant.urls.mcp, 'tools'], { openUrl: async () => fail('no sign-in was expected') });
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toContain('unspecified address 0.0.0.0 ("this network", RFC 1122)');
    expect(await tenant.events('as-metadata')).toEqual([]);
  });

  it('takes the allow list from RXMCP_OAUTH_ALLOW, and off turns the guard off', () => {
    expect(cliUrlGuard({ RXMCP_OAUTH_ALLOW: ' 10.0.0.0/8, sso.lab ,' })).toEqual(jasmine.objectContaining({ allow: ['10.0.0.0/8', 'sso.lab'] }));
    expect(cliUrlGuard({})).toEqual(jasmine.objectContaining({ allow: [] }));
    expect((cliUrlGuard({}) as { resolver?: unknown }).resolver).toBeDefined();
    expect(cliUrlGuard({ RXMCP_OAUTH_ALLOW: 'OFF' })).toBeFalse();
  });
});

describe('openerCommand', () => {
  it('runs $BROWSER with the URL (its own arguments kept, %s replaced), else the platform opener', () => {
    const url = 'https://as.example/authorize?x=1';
    expect(openerCommand(url, { BROWSER: 'firefox --new-window' }, 'linux')).toEqual(['firefox', ['--new-window', url]]);
    expect(openerCommand(url, { BROWSER: 'lynx -dump %s:w3m' }, 'linux')).toEqual(['lynx', ['-dump', url]]);
    expect(openerCommand(url, {}, 'linux')).toEqual(['xdg-open', [url]]);
    expect(openerCommand(url, {}, 'darwin')).toEqual(['open', [url]]);
    expect(openerCommand(url, {}, 'win32')).toEqual(['cmd', ['/c', 'start', '""', url]]);
  });
});
