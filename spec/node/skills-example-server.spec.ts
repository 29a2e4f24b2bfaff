// The Skills extension (io.modelcontextprotocol/skills, SEP-2640) against the bundled example server, over stdio (a
// child process) and Streamable HTTP (examples/server/http.ts on 127.0.0.1): listing every page, one skill by URI,
// directory reads, files read on demand and verified, nothing read ahead, and a rewritten file refused with the
// typed error naming the file and the check.
import { filter, firstValueFrom, take } from 'rxjs';
import { startExampleHttpServer, type ExampleHttpServer } from '../../examples/server/http.js';
import { createClient, streamableHttp, UnsupportedMethodError, type Client, type Skill } from '../../src/index.js';
import { SKILLS_EXTENSION } from '../../src/protocol/index.js';
import { readSkillFile, SkillVerificationError } from '../../src/agent/index.js';
import { stdio } from '../../src/node/index.js';
import { exampleServerFile, nodeCommand } from '../fixtures/official/launch.js';
import { scenarioClient, sentMethods, type OpenedClient } from './extension-scenario.js';

const SETUP_MS = 20_000;
const ALL = ['skill://acme/billing/refunds/SKILL.md', 'skill://git-workflow/SKILL.md', 'skill://pdf-processing/SKILL.md', 'skill://reports/daily/SKILL.md'];

const skillNamed = (skills: readonly Skill[], name: string): Skill => {
  const skill = skills.find((entry) => entry.frontmatter.name === name);
  if (skill === undefined) throw new Error(`no skill ${name}`);
  return skill;
};

const text = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

function skillsScenario(title: string, open: () => Promise<OpenedClient>): void {
  describe(title, () => {
    const s = scenarioClient(open, SETUP_MS);

    it('negotiates the extension with directoryRead and lists every skill over all pages, reading no file', async () => {
      const server = await firstValueFrom(s.client.connect());
      expect(server.capabilities.extensions?.[SKILLS_EXTENSION]).toEqual({ directoryRead: true });
      const skills = await firstValueFrom(s.client.listSkills());
      expect(skills.map((skill) => skill.uri)).toEqual(ALL);
      expect(s.sent.filter((method) => method === 'skills/list').length).toBe(2);
      expect(skillNamed(skills, 'pdf-processing').frontmatter).toEqual({
        name: 'pdf-processing', description: 'Extract, fill, and assemble PDF documents', license: 'Apache-2.0',
        metadata: { version: '2.1.0', category: 'documents' },
      });
      expect(skillNamed(skills, 'daily').resources).toBe('dynamic');
      expect(s.sent).not.toContain('resources/read');
    });

    it('reads SKILL.md and a supporting file on demand, verified, one resources/read each', async () => {
      const pdf = skillNamed(await firstValueFrom(s.client.listSkills()), 'pdf-processing');
      const skillMd = await firstValueFrom(readSkillFile(s.client, pdf));
      expect(skillMd.uri).toBe('skill://pdf-processing/SKILL.md');
      expect(text(skillMd.bytes)).toContain('# PDF processing');
      const invoice = await firstValueFrom(readSkillFile(s.client, pdf, 'templates/invoice.md'));
      expect(invoice.uri).toBe('skill://pdf-processing/templates/invoice.md');
      expect(invoice.manifest?.size).toBe(invoice.bytes.length);
      expect(s.sent.filter((method) => method === 'resources/read').length).toBe(2);
    });

    it('gets one skill by URI and reads a directory: files, and subdirectories as inode/directory', async () => {
      const { skill } = await firstValueFrom(s.client.getSkill('skill://acme/billing/refunds/SKILL.md'));
      expect(skill.frontmatter).toEqual({ name: 'refunds', description: 'Process customer refund requests per company policy', 'allowed-tools': 'add' });
      const page = await firstValueFrom(s.client.readDirectory('skill://pdf-processing/templates'));
      expect(page.resources.map((child) => [child.name, child.mimeType])).toEqual([['invoice.md', 'text/markdown'], ['regional', 'inode/directory']]);
      const root = await firstValueFrom(s.client.readDirectory('skill://pdf-processing'));
      expect(root.nextCursor).toBe('2');
      const rest = await firstValueFrom(s.client.readDirectory('skill://pdf-processing', root.nextCursor));
      expect([...root.resources, ...rest.resources].map((child) => child.name)).toEqual(['references', 'SKILL.md', 'templates']);
    });

    it('refuses a file not in the manifest before sending anything, and a dynamic skill unless allowed', async () => {
      const skills = await firstValueFrom(s.client.listSkills());
      const unlisted = await firstValueFrom(readSkillFile(s.client, skillNamed(skills, 'pdf-processing'), 'templates/credit-note.md')).catch((error: unknown) => error);
      expect(SkillVerificationError.is(unlisted)).toBeTrue();
      expect(unlisted).toEqual(jasmine.objectContaining({ check: 'unlisted', file: 'skill://pdf-processing/templates/credit-note.md' }));
      const daily = skillNamed(skills, 'daily');
      expect(await firstValueFrom(readSkillFile(s.client, daily)).catch((error: unknown) => error)).toEqual(jasmine.objectContaining({ check: 'dynamic' }));
      expect(s.sent).not.toContain('resources/read');
      expect(text((await firstValueFrom(readSkillFile(s.client, daily, undefined, { allowDynamic: true }))).bytes)).toContain('Report number');
    });

    it('withholds a file rewritten after the entry was fetched: same length fails the digest, another length the size', async () => {
      const git = skillNamed(await firstValueFrom(s.client.listSkills()), 'git-workflow');
      const original = text((await firstValueFrom(readSkillFile(s.client, git))).bytes);
      const sameLength = original.replace('one topic', 'two topic');
      expect(sameLength.length).toBe(original.length);
      await firstValueFrom(s.client.callTool('edit_skill', { uri: git.uri, text: sameLength }));
      const tampered = await firstValueFrom(readSkillFile(s.client, git)).catch((error: unknown) => error);
      expect(SkillVerificationError.is(tampered)).toBeTrue();
      expect(tampered).toEqual(jasmine.objectContaining({ file: git.uri, skill: git.uri, check: 'digest' }));
      await firstValueFrom(s.client.callTool('edit_skill', { uri: git.uri, text: `${original}More.\n` }));
      const longer = await firstValueFrom(readSkillFile(s.client, git)).catch((error: unknown) => error);
      expect(longer).toEqual(jasmine.objectContaining({ file: git.uri, check: 'size', expected: 217, actual: 223 }));
      // The current entry verifies the current content.
      const { skill: fresh } = await firstValueFrom(s.client.getSkill(git.uri));
      expect(text((await firstValueFrom(readSkillFile(s.client, fresh))).bytes)).toBe(`${original}More.\n`);
      await firstValueFrom(s.client.callTool('edit_skill', { uri: git.uri, text: original }));
    });

    it('keeps skills$ as a live catalog of the entries', async () => {
      const skills = await firstValueFrom(s.client.skills$.pipe(filter((list) => list.length > 0), take(1)));
      expect(skills.map((skill) => skill.uri)).toEqual(ALL);
      expect(s.sent).not.toContain('resources/read');
    });
  });
}

skillsScenario('skills against the example server over stdio', async () => {
  const { command, args } = nodeCommand(exampleServerFile('example-server.ts'));
  return { client: createClient(stdio({ command, args })), close: async () => undefined };
});

skillsScenario('skills against the example server over Streamable HTTP', async () => {
  const running: ExampleHttpServer = await startExampleHttpServer();
  return { client: createClient(streamableHttp(running.url)), close: () => running.close() };
});

describe('skills on a connection without the extension', () => {
  it('refuses the skills verbs with nothing sent on a legacy connection, and skills$ is empty', async () => {
    const { command, args } = nodeCommand(exampleServerFile('example-server.ts'));
    const client = createClient(stdio({ command, args }), { protocol: 'legacy' });
    const sent = sentMethods(client);
    try {
      const error = await firstValueFrom(client.listSkills()).catch((e: unknown) => e);
      expect(UnsupportedMethodError.is(error)).toBeTrue();
      expect(await firstValueFrom(client.skills$)).toEqual([]);
      expect(sent.filter((method) => method.startsWith('skills/'))).toEqual([]);
    } finally {
      client.close();
    }
  }, SETUP_MS);
});
