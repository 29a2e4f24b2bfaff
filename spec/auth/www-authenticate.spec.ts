import { parseWwwAuthenticate, tokenChallenge } from '../../src/auth/www-authenticate.js';

describe('parseWwwAuthenticate', () => {
  it('reads the auth-params of a Bearer challenge, unquoting quoted strings and lower-casing names', () => {
    expect(parseWwwAuthenticate('Bearer realm="mcp", Scope="files:read files:write", error=invalid_token')).toEqual([
      { scheme: 'bearer', params: { realm: 'mcp', scope: 'files:read files:write', error: 'invalid_token' } },
    ]);
  });

  it('splits several challenges, including a token68 one', () => {
    const challenges = parseWwwAuthenticate('Basic YWxhZGRpbjpvcGVuc2VzYW1l==, Bearer resource_metadata="https://m.example/.well-known/x", DPoP algs="ES256 PS256"');
    expect(challenges.map((c) => c.scheme)).toEqual(['basic', 'bearer', 'dpop']);
    expect(challenges[0]?.token68).toBe('YWxhZGRpbjpvcGVuc2VzYW1l==');
    expect(challenges[1]?.params['resource_metadata']).toBe('https://m.example/.well-known/x');
    expect(challenges[2]?.params['algs']).toBe('ES256 PS256');
  });

  it('keeps commas and escaped quotes inside quoted strings', () => {
    const [challenge] = parseWwwAuthenticate('Bearer error_description="a, \\"quoted\\" thing", scope="a"');
    expect(challenge?.params).toEqual({ error_description: 'a, "quoted" thing', scope: 'a' });
  });

  it('never throws on malformed input', () => {
    for (const header of ['', ',,,', 'Bearer =x', 'Bearer realm="unterminated', '"quoted"', 'Bearer a=b,,c=d']) {
      expect(() => parseWwwAuthenticate(header)).not.toThrow();
    }
    expect(parseWwwAuthenticate(null)).toEqual([]);
  });

  it('tokenChallenge merges the Bearer and DPoP params, the first one winning', () => {
    expect(tokenChallenge('DPoP error="use_dpop_nonce", Bearer resource_metadata="https://m/x", error="invalid_token"')).toEqual({
      error: 'use_dpop_nonce',
      resource_metadata: 'https://m/x',
    });
    expect(tokenChallenge('Basic realm="x"')).toEqual({});
  });
});
