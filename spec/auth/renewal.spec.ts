import { AuthError } from '../../src/auth/errors.js';
import { forgetTokensIfSame, renewShared } from '../../src/auth/renewal.js';
import { memoryStorage } from '../../src/auth/storage.js';
import { loadTokens, saveTokens, type StoredTokens } from '../../src/auth/tokens.js';
import type { AuthStorage } from '../../src/auth/types.js';

const SERVER = 'https://mcp.example.com/mcp';

const tokens = (n: number): StoredTokens => ({
  accessToken: `access-${n}`,
  refreshToken: `refresh-${n}`,
  tokenType: 'Bearer',
  issuer: 'https://as.example.com',
  resource: SERVER,
});

const invalidGrant = () => new AuthError('token', 'The token refresh was refused', { oauthError: 'invalid_grant', status: 400 });

/** A renewal that stores `next` as a refresh would, a few milliseconds later. */
function renewTo(storage: AuthStorage, next: StoredTokens) {
  return jasmine.createSpy('renew').and.callFake(async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    await saveTokens(storage, SERVER, next);
    return next;
  });
}

describe('renewShared', () => {
  it('makes one renewal for concurrent callers of one storage and credential, and gives each its tokens', async () => {
    const storage = memoryStorage();
    await saveTokens(storage, SERVER, tokens(1));
    const renew = renewTo(storage, tokens(2));
    const results = await Promise.all([1, 2, 3].map(() => renewShared(storage, SERVER, tokens(1), renew)));
    expect(renew).toHaveBeenCalledTimes(1);
    expect(results).toEqual([1, 2, 3].map(() => ({ tokens: tokens(2) })));
  });

  it('renews separately for two storages (they are different credentials stores)', async () => {
    const [one, two] = [memoryStorage(), memoryStorage()];
    await saveTokens(one, SERVER, tokens(1));
    await saveTokens(two, SERVER, tokens(1));
    const renewOne = renewTo(one, tokens(2));
    const renewTwo = renewTo(two, tokens(3));
    await Promise.all([renewShared(one, SERVER, tokens(1), renewOne), renewShared(two, SERVER, tokens(1), renewTwo)]);
    expect([renewOne.calls.count(), renewTwo.calls.count()]).toEqual([1, 1]);
  });

  it('reads the stored tokens again under the lock and takes those another process stored instead of renewing', async () => {
    const storage = memoryStorage();
    await saveTokens(storage, SERVER, tokens(1));
    const locked: AuthStorage = {
      ...storage,
      // The other process held the lock and refreshed first.
      lock: async (_key, task) => {
        await saveTokens(storage, SERVER, tokens(2));
        return task();
      },
    };
    const renew = renewTo(storage, tokens(3));
    expect(await renewShared(locked, SERVER, tokens(1), renew)).toEqual({ tokens: tokens(2) });
    expect(renew).not.toHaveBeenCalled();
  });

  it('forgets the tokens it used when the token endpoint refuses them, and ends as refused', async () => {
    const storage = memoryStorage();
    await saveTokens(storage, SERVER, tokens(1));
    const outcome = await renewShared(storage, SERVER, tokens(1), () => Promise.reject(invalidGrant()));
    expect('refused' in outcome && outcome.refused.oauthError).toBe('invalid_grant');
    expect(await loadTokens(storage, SERVER)).toBeUndefined();
  });

  it('keeps and takes the tokens another caller stored while its own refresh was refused', async () => {
    const storage = memoryStorage();
    await saveTokens(storage, SERVER, tokens(1));
    const outcome = await renewShared(storage, SERVER, tokens(1), async () => {
      await saveTokens(storage, SERVER, tokens(2)); // a tab without the lock rotated the refresh token first
      throw invalidGrant();
    });
    expect(outcome).toEqual({ tokens: tokens(2) });
    expect(await loadTokens(storage, SERVER)).toEqual(tokens(2));
  });

  it('throws a failure that is no refusal (the network) and keeps the tokens', async () => {
    const storage = memoryStorage();
    await saveTokens(storage, SERVER, tokens(1));
    const failure = new AuthError('token', 'The token refresh failed (TypeError)');
    await expectAsync(renewShared(storage, SERVER, tokens(1), () => Promise.reject(failure))).toBeRejectedWith(failure);
    expect(await loadTokens(storage, SERVER)).toEqual(tokens(1));
  });
});

describe('forgetTokensIfSame', () => {
  it('deletes the stored tokens when they are the ones given, and keeps different (newer) ones', async () => {
    const storage = memoryStorage();
    await saveTokens(storage, SERVER, tokens(2));
    expect(await forgetTokensIfSame(storage, SERVER, tokens(1))).toBeFalse();
    expect(await loadTokens(storage, SERVER)).toEqual(tokens(2));
    expect(await forgetTokensIfSame(storage, SERVER, tokens(2))).toBeTrue();
    expect(await loadTokens(storage, SERVER)).toBeUndefined();
  });
});
