// Several processes sharing one file storage refresh the same credential at once against an authorization server
// whose refresh tokens are single-use (the fixtures of spec/support/routes/300-auth-server.cjs rotate them: a used
// one answers invalid_grant). None of them may be logged out.
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lastValueFrom } from 'rxjs';
import { oauth } from '../../src/auth/provider.js';
import { headlessRedirect } from '../../src/auth/redirect.js';
import { createClient, streamableHttp } from '../../src/index.js';
import { fileStorage } from '../../src/node/index.js';
import { createTenant, type Tenant } from '../helpers/auth-fixtures.js';

const program = fileURLToPath(new URL('../fixtures/programs/shared-refresh.ts', import.meta.url));
const PROCESSES = 5;

interface Outcome {
  readonly ok: boolean;
  readonly error?: string;
  readonly reason?: string;
  readonly hasTokens: boolean;
}

/** Starts the processes, lets them all go once every one is ready, and collects their outcomes. */
async function runTogether(url: string, file: string, count: number): Promise<Outcome[]> {
  const children = Array.from({ length: count }, () =>
    spawn(process.execPath, ['--import', 'tsx', program, url, file], { stdio: ['pipe', 'pipe', 'pipe'], timeout: 60_000 }),
  );
  const outputs = children.map((child) => {
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const ready = new Promise<void>((resolve) => child.stdout.on('data', () => stdout.includes('ready\n') && resolve()));
    const done = new Promise<Outcome>((resolve, reject) =>
      child.on('close', (code) => {
        const line = stdout.split('\n').find((text) => text.startsWith('{'));
        if (line === undefined) reject(new Error(`process exited with ${code} and no outcome: ${stderr}`));
        else resolve(JSON.parse(line) as Outcome);
      }),
    );
    return { ready, done };
  });
  await Promise.all(outputs.map((output) => output.ready));
  for (const child of children) child.stdin.end('go\n');
  return Promise.all(outputs.map((output) => output.done));
}

type Stored = Record<string, string>;

async function storedTokens(file: string): Promise<{ key: string; tokens: Record<string, unknown> }> {
  const entries = JSON.parse(await readFile(file, 'utf8')) as Stored;
  const key = Object.keys(entries).find((name) => name.startsWith('tokens '));
  if (key === undefined) throw new Error('no tokens stored');
  return { key, tokens: JSON.parse(entries[key] as string) as Record<string, unknown> };
}

/** Signs in once (in this process) with the shared file storage. */
async function signIn(tenant: Tenant, file: string): Promise<void> {
  const auth = oauth({ redirect: headlessRedirect({ redirectUri: `${tenant.origin}/__rxmcp/auth/callback` }), storage: fileStorage(file) });
  const client = createClient(streamableHttp(tenant.urls.mcp, { auth }), { timeout: { firstMs: 10_000 } });
  await lastValueFrom(client.listTools());
  client.close();
}

const refreshes = async (tenant: Tenant) =>
  (await tenant.events('token')).filter((event) => event['grantType'] === 'refresh_token');

describe('oauth, processes sharing a file storage while refresh tokens rotate', () => {
  let root: string;
  beforeEach(async () => (root = await mkdtemp(join(tmpdir(), 'rxmcp-shared-refresh-'))));
  afterEach(async () => rm(root, { recursive: true, force: true }));

  const ways: { name: string; outdate: (tenant: Tenant, file: string) => Promise<void> }[] = [
    { name: 'the server refuses the access token (401)', outdate: (tenant) => tenant.expire() },
    {
      name: 'the stored access token has expired',
      outdate: async (_tenant, file) => {
        const entries = JSON.parse(await readFile(file, 'utf8')) as Stored;
        const { key, tokens } = await storedTokens(file);
        entries[key] = JSON.stringify({ ...tokens, expiresAt: Date.now() - 60_000 });
        await writeFile(file, JSON.stringify(entries));
      },
    },
  ];

  for (const way of ways) {
    it(`when ${way.name} in ${PROCESSES} processes at once, one refreshes, the others use its tokens, and none is logged out`, async () => {
      const tenant = await createTenant({ tokenLifetime: 3600 });
      const file = join(root, 'oauth.json');
      await signIn(tenant, file);
      await way.outdate(tenant, file);

      const outcomes = await runTogether(tenant.urls.mcp, file, PROCESSES);

      expect(outcomes).toEqual(Array.from({ length: PROCESSES }, () => jasmine.objectContaining({ ok: true, hasTokens: true })));
      expect((await refreshes(tenant)).length).withContext('refresh requests').toBe(1);
      expect((await tenant.events('authorize')).length).withContext('authorizations').toBe(1);
      const issued = await tenant.events('issued');
      const { tokens } = await storedTokens(file);
      expect(tokens['refreshToken']).withContext('stored refresh token').toBe(issued[issued.length - 1]?.['refreshToken']);
      expect(tokens['accessToken']).withContext('stored access token').toBe(issued[issued.length - 1]?.['accessToken']);
    }, 90_000);
  }
});
