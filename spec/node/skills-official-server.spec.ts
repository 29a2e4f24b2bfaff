// The Skills extension against the official TypeScript server 2.4 (@modelcontextprotocol/server: its SkillCatalog
// built by SkillsExtension.load from memory files, spec/fixtures/official/v2-server.mjs --skills), over stdio and
// Streamable HTTP: rxmcp's listing, directory reads and verification agree with the SDK's entries and digests.
import { firstValueFrom } from 'rxjs';
import { createClient, RpcError, streamableHttp, type Client, type Skill } from '../../src/index.js';
import { SKILLS_EXTENSION } from '../../src/protocol/index.js';
import { readSkillFile } from '../../src/agent/index.js';
import { stdio } from '../../src/node/index.js';
import { launch, officialFixture, type LaunchedServer } from '../fixtures/official/launch.js';
import { scenarioClient, type OpenedClient } from './extension-scenario.js';

const SETUP_MS = 20_000;

function officialScenario(title: string, open: () => Promise<OpenedClient>): void {
  describe(title, () => {
    const s = scenarioClient(open, SETUP_MS, 'all');

    it('lists both skills over two pages, with the SDK-built manifests', async () => {
      const server = await firstValueFrom(s.client.connect());
      expect(server.protocolVersion).toBe('2026-07-28');
      expect(server.capabilities.extensions?.[SKILLS_EXTENSION]).toEqual({ directoryRead: true });
      const before = s.sent.length;
      const skills = await firstValueFrom(s.client.listSkills());
      expect(skills.map((skill) => skill.frontmatter.name)).toEqual(['code-review', 'release-notes']);
      expect(s.sent.slice(before)).toEqual(['skills/list', 'skills/list']);
      const review = skills[0] as Skill;
      expect(review.frontmatter).toEqual({ name: 'code-review', description: 'Review a change with the team checklist', metadata: { owner: 'platform' } });
      expect(review.resources === 'dynamic' ? [] : review.resources.map((file) => file.uri)).toEqual([
        'skill://code-review/SKILL.md', 'skill://code-review/references/CHECKLIST.md', 'skill://code-review/scripts/diffstat.sh',
      ]);
    });

    it('verifies each SKILL.md (folded description included) and a supporting file against the SDK digests', async () => {
      const skills = await firstValueFrom(s.client.listSkills());
      for (const skill of skills) {
        const file = await firstValueFrom(readSkillFile(s.client, skill));
        expect(file.manifest?.digest).withContext(skill.uri).toMatch(/^sha256:[0-9a-f]{64}$/);
      }
      const checklist = await firstValueFrom(readSkillFile(s.client, skills[0] as Skill, 'references/CHECKLIST.md'));
      expect(new TextDecoder().decode(checklist.bytes)).toBe('# Checklist\n\n- tests\n- names\n');
    });

    it('walks a directory page by page and answers getSkill, with -32602 for a skill it does not serve', async () => {
      const names: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await firstValueFrom(s.client.readDirectory('skill://code-review', cursor));
        names.push(...page.resources.map((child) => `${child.name}${child.mimeType === 'inode/directory' ? '/' : ''}`));
        cursor = page.nextCursor;
      } while (cursor !== undefined);
      expect(names.sort()).toEqual(['SKILL.md', 'references/', 'scripts/']);
      const { skill } = await firstValueFrom(s.client.getSkill('skill://release-notes/SKILL.md'));
      expect(skill.frontmatter.description).toBe('Write release notes from merged changes');
      const missing = await firstValueFrom(s.client.getSkill('skill://nothing/SKILL.md')).catch((error: unknown) => error);
      expect(RpcError.is(missing) && missing.rpcCode).toBe(-32602);
    });
  });
}

officialScenario('skills against the official server 2.4 over stdio', async () => ({
  client: createClient(stdio({ command: process.execPath, args: [officialFixture('v2-stdio'), '--skills'] })),
  close: async () => undefined,
}));

officialScenario('skills against the official server 2.4 over Streamable HTTP', async () => {
  const server: LaunchedServer = await launch('v2-http', { args: ['--skills'] });
  return { client: createClient(streamableHttp(server.url)), close: () => server.close() };
});
