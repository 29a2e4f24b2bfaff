// docs/skills.md: a skill listed, one of its files read on demand and verified, and a changed file refused.
import { firstValueFrom } from 'rxjs';
import { readSkillFile, SkillVerificationError } from '../../src/agent/index.js';
import { createClient, type Skill } from '../../src/index.js';
import { createTestingController, DEFAULT_TESTING_CAPABILITIES } from '../../src/testing/index.js';

const GUIDE_URI = 'skill://refunds/references/GUIDE.md';
const files = new Map([
  ['skill://refunds/SKILL.md', '---\nname: refunds\ndescription: Process refund requests\n---\n\nRead references/GUIDE.md.\n'],
  [GUIDE_URI, 'Refund within 30 days.\n'],
]);

/** A server of the Skills extension whose entries are computed from `files` when listed (as a real server does). */
function skillsServer() {
  const server = createTestingController({
    revision: '2026-07-28',
    capabilities: { ...DEFAULT_TESTING_CAPABILITIES, extensions: { 'io.modelcontextprotocol/skills': {} } },
  });
  const digest = async (text: string) => {
    const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
    return `sha256:${Array.from(hash, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
  };
  const entry = async (): Promise<Skill> => ({
    uri: 'skill://refunds/SKILL.md',
    frontmatter: { name: 'refunds', description: 'Process refund requests' },
    resources: await Promise.all([...files].map(async ([uri, text]) => ({ uri, digest: await digest(text), size: new TextEncoder().encode(text).length }))),
  });
  return { server, entry };
}

describe('skills (docs/skills.md)', () => {
  it('lists a skill, reads a file of it verified, and refuses the file once it changed', async () => {
    const { server, entry } = skillsServer();
    const listed = await entry();
    server.whenRequest('skills/list').respond({ skills: [listed] });
    server.whenRequest('resources/read').respond((request) => ({ contents: [{ uri: request.params['uri'], text: files.get(String(request.params['uri'])) }] }));
    const client = createClient(server.transport);
    // #region readme
    const [skill] = await firstValueFrom(client.listSkills()); // entries only: no file is read yet
    const guide = await firstValueFrom(readSkillFile(client, skill!, 'references/GUIDE.md'));
    console.log(new TextDecoder().decode(guide.bytes)); // verified: listed, its size and SHA-256 the manifest's

    // The server changes the file after the entry was listed: the old entry no longer describes it.
    files.set(GUIDE_URI, 'Refund within 90 days.\n');
    const again = readSkillFile(client, skill!, 'references/GUIDE.md', { fresh: true }); // past the client's cache
    const refused = await firstValueFrom(again).catch((error: unknown) => error);
    if (SkillVerificationError.is(refused)) console.log(refused.file, refused.check); // skill://refunds/references/GUIDE.md digest
    // #endregion
    expect(new TextDecoder().decode(guide.bytes)).toBe('Refund within 30 days.\n');
    expect(refused).toEqual(jasmine.objectContaining({ file: GUIDE_URI, check: 'digest' }));
    client.close();
  });
});
