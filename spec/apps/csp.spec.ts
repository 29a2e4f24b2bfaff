import { appCsp, checkAppCsp, RESTRICTIVE_APP_CSP, sandboxCsp } from '../../src/apps/csp.js';
import { AppCspError } from '../../src/apps/errors.js';

describe('rxmcp/apps CSP', () => {
  it('gives a UI resource without a csp the restrictive policy of SEP-1865 (no network, no frames, no plugins)', () => {
    expect(appCsp(undefined)).toBe(RESTRICTIVE_APP_CSP);
    expect(RESTRICTIVE_APP_CSP).toContain("connect-src 'none'");
    expect(RESTRICTIVE_APP_CSP).toContain("frame-src 'none'");
    expect(RESTRICTIVE_APP_CSP).toContain("object-src 'none'");
  });

  it('maps each declared list to its directives, and nothing else', () => {
    const policy = appCsp({ connectDomains: ['https://api.example.com'], resourceDomains: ['https://*.cdn.example.com'], frameDomains: ['https://video.example.com'] });
    expect(policy.split('; ')).toEqual([
      "default-src 'none'",
      "script-src 'self' 'unsafe-inline' https://*.cdn.example.com",
      "style-src 'self' 'unsafe-inline' https://*.cdn.example.com",
      "img-src 'self' data: https://*.cdn.example.com",
      "font-src 'self' https://*.cdn.example.com",
      "media-src 'self' data: https://*.cdn.example.com",
      "connect-src 'self' https://api.example.com",
      'frame-src https://video.example.com',
      "object-src 'none'",
      "base-uri 'self'",
    ]);
  });

  it('refuses a CSP request with keywords, wildcards, paths or a second directive, naming every refused entry', () => {
    const asked = { connectDomains: ['https://ok.example.com', '*', 'https://a.example.com; script-src *'], resourceDomains: ["'unsafe-eval'", 'https://x.example.com/path'], frameDomains: 'https://y.example.com' };
    let thrown: unknown;
    try {
      checkAppCsp('ui://x/app.html', asked);
    } catch (error) {
      thrown = error;
    }
    expect(AppCspError.is(thrown)).toBeTrue();
    expect((thrown as AppCspError).refused).toEqual([
      'connectDomains: "*"', 'connectDomains: "https://a.example.com; script-src *"', 'resourceDomains: "\'unsafe-eval\'"',
      'resourceDomains: "https://x.example.com/path"', 'frameDomains: "https://y.example.com"',
    ]);
    expect((thrown as AppCspError).uri).toBe('ui://x/app.html');
    expect(() => checkAppCsp('ui://x/app.html', 'default-src *')).toThrowMatching((error) => AppCspError.is(error));
  });

  it('passes a request of source expressions through as it is', () => {
    const asked = { connectDomains: ['wss://live.example.com:8443', 'http://127.0.0.1:3000'] };
    expect(checkAppCsp('ui://x/app.html', asked)).toBe(asked);
    expect(checkAppCsp('ui://x/app.html', undefined)).toBeUndefined();
  });

  it('makes the sandbox header from the query parameter: dropping what is not a source expression, restrictive when missing or malformed', () => {
    expect(sandboxCsp(null)).toBe(RESTRICTIVE_APP_CSP);
    expect(sandboxCsp('{not json')).toBe(RESTRICTIVE_APP_CSP);
    expect(sandboxCsp('[1]')).toBe(RESTRICTIVE_APP_CSP);
    const policy = sandboxCsp(JSON.stringify({ connectDomains: ['https://ok.example.com', "'unsafe-eval'", 'https://a.example.com; script-src *'] }));
    expect(policy).toContain("connect-src 'self' https://ok.example.com;");
    expect(policy).not.toContain('unsafe-eval');
    expect(policy.split('; ').filter((directive) => directive.startsWith('script-src'))).toEqual(["script-src 'self' 'unsafe-inline'"]);
  });
});
