import { SchemaError } from '../../src/errors/errors.js';
import { decodeResult } from '../../src/protocol/codec.js';
import { parseFrontmatter } from '../../src/protocol/ext-skills/frontmatter.js';
import { sha256Digest, skillFileUri, verifySkillFile } from '../../src/protocol/ext-skills/verify.js';
import { knownMethodSpec } from '../../src/protocol/methods.js';
import type { Skill } from '../../src/protocol/index.js';
import { SkillVerificationError } from '../../src/errors/skill-errors.js';

const SKILL_MD = '---\nname: refunds\ndescription: Process refunds\nmetadata:\n  version: "1.0"\n---\n\n# Refunds\n';
const EMAIL = 'Dear customer,\n';
const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

async function entry(files: Readonly<Record<string, string>>, frontmatter: Skill['frontmatter']): Promise<Skill> {
  const resources = await Promise.all(Object.entries(files).map(async ([uri, text]) => ({ uri, digest: await sha256Digest(bytes(text)), size: bytes(text).length })));
  return { uri: 'skill://acme/refunds/SKILL.md', frontmatter, resources };
}

const frontmatter = { name: 'refunds', description: 'Process refunds', metadata: { version: '1.0' } };
const files = { 'skill://acme/refunds/SKILL.md': SKILL_MD, 'skill://acme/refunds/examples/email.md': EMAIL };
const text = (uri: string, value: string) => [{ uri, text: value }];

async function failure(promise: Promise<unknown>): Promise<SkillVerificationError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  if (!SkillVerificationError.is(error)) throw new Error(`expected a SkillVerificationError, got ${String(error)}`);
  return error as SkillVerificationError;
}

describe('skills: the extension\'s methods and results', () => {
  it('registers skills/list, skills/get and resources/directory/read for 2026-07-28, behind the declaration', () => {
    expect(knownMethodSpec('2026-07-28', 'skills/list')).toEqual(jasmine.objectContaining({ serverCapability: ['extensions', 'io.modelcontextprotocol/skills'], paginated: true }));
    expect(knownMethodSpec('2026-07-28', 'resources/directory/read')?.serverCapability).toEqual(['extensions', 'io.modelcontextprotocol/skills', 'directoryRead']);
    expect(knownMethodSpec('2025-11-25', 'skills/get')).toBeUndefined();
  });

  it('decodes entries with a manifest or "dynamic", and refuses an entry without resources or with another value there', () => {
    const skill = { uri: 'skill://a/SKILL.md', frontmatter: { name: 'a', description: 'd', license: 'MIT' }, resources: [{ uri: 'skill://a/SKILL.md', digest: `sha256:${'0'.repeat(64)}`, size: 3 }] };
    expect(decodeResult('2026-07-28', 'skills/list', { skills: [skill, { ...skill, resources: 'dynamic' }], nextCursor: 'n' })).toEqual(
      jasmine.objectContaining({ skills: [skill, { ...skill, resources: 'dynamic' }], nextCursor: 'n', resultType: 'complete' }),
    );
    const { resources: _none, ...withoutResources } = skill;
    expect(() => decodeResult('2026-07-28', 'skills/get', { skill: withoutResources })).toThrowMatching((e) => SchemaError.is(e));
    expect(() => decodeResult('2026-07-28', 'skills/get', { skill: { ...skill, resources: 'static' } })).toThrowMatching((e) => SchemaError.is(e));
    expect(() => decodeResult('2026-07-28', 'skills/get', { skill: { ...skill, resources: [{ uri: skill.uri, size: 3 }] } })).toThrowMatching((e) => SchemaError.is(e));
  });
});

describe('skills: the SKILL.md frontmatter reader', () => {
  it('reads nested mappings, sequences, quoted, folded and literal scalars, flow collections, comments and core-schema types', () => {
    const markdown = [
      '---', 'name: pdf # the name', "description: >-", '  Extract and', '  fill PDFs', 'notes: |', '  line one', '  line two', 'license: \'Apache-2.0\'',
      'metadata:', '  version: "2.1"', '  nested:', '    deep: yes', 'tags: [a, "b c", 3]', 'map: {k: v, n: 1}', 'list:', '  - one', '  - key: value', '    other: 2',
      'flags:', '- true', '- null', '- 1.5', '---', 'body',
    ].join('\n');
    expect(parseFrontmatter(markdown)).toEqual({
      name: 'pdf', description: 'Extract and fill PDFs', notes: 'line one\nline two\n', license: 'Apache-2.0',
      metadata: { version: '2.1', nested: { deep: 'yes' } }, tags: ['a', 'b c', 3], map: { k: 'v', n: 1 },
      list: ['one', { key: 'value', other: 2 }], flags: [true, null, 1.5],
    });
  });

  it('refuses a file without a frontmatter block, anchors and aliases', () => {
    expect(() => parseFrontmatter('# no frontmatter')).toThrowError(/frontmatter block/);
    expect(() => parseFrontmatter('---\nname: &a x\n---\n')).toThrowError(/anchors/);
  });
});

describe('skills: verifySkillFile', () => {
  it('passes listed files whose size, digest and frontmatter match, and resolves paths against the skill root', async () => {
    const skill = await entry(files, frontmatter);
    expect(skillFileUri(skill, 'examples/email.md')).toBe('skill://acme/refunds/examples/email.md');
    const md = await verifySkillFile(skill, skill.uri, text(skill.uri, SKILL_MD));
    expect(md.bytes.length).toBe(bytes(SKILL_MD).length);
    const blob = [{ uri: 'skill://acme/refunds/examples/email.md', blob: btoa(EMAIL) }];
    expect((await verifySkillFile(skill, 'skill://acme/refunds/examples/email.md', blob)).manifest?.size).toBe(EMAIL.length);
  });

  it('names the file and the check: unlisted, size, digest, content, dynamic', async () => {
    const skill = await entry(files, frontmatter);
    const email = 'skill://acme/refunds/examples/email.md';
    expect(await failure(verifySkillFile(skill, 'skill://acme/refunds/x.md', text('skill://acme/refunds/x.md', 'x')))).toEqual(jasmine.objectContaining({ check: 'unlisted', file: 'skill://acme/refunds/x.md' }));
    expect(await failure(verifySkillFile(skill, email, text(email, `${EMAIL}!`)))).toEqual(jasmine.objectContaining({ check: 'size', expected: EMAIL.length, actual: EMAIL.length + 1 }));
    const swapped = await failure(verifySkillFile(skill, email, text(email, EMAIL.replace('Dear', 'Deer'))));
    expect(swapped).toEqual(jasmine.objectContaining({ check: 'digest', file: email, skill: skill.uri }));
    expect(swapped.message).toContain(email);
    const elsewhere = [{ uri: 'skill://other/a.md', text: 'a' }, { uri: 'skill://other/b.md', text: 'b' }];
    expect(await failure(verifySkillFile(skill, email, elsewhere))).toEqual(jasmine.objectContaining({ check: 'content', file: email }));
    const dynamic: Skill = { ...skill, resources: 'dynamic' };
    expect(await failure(verifySkillFile(dynamic, skill.uri, text(skill.uri, SKILL_MD)))).toEqual(jasmine.objectContaining({ check: 'dynamic' }));
    expect((await verifySkillFile(dynamic, skill.uri, text(skill.uri, SKILL_MD), { allowDynamic: true })).manifest).toBeUndefined();
  });

  it('fails a SKILL.md whose frontmatter differs from the entry, even with a matching digest', async () => {
    const skill = await entry(files, { ...frontmatter, description: 'Something else' });
    const error = await failure(verifySkillFile(skill, skill.uri, text(skill.uri, SKILL_MD)));
    expect(error).toEqual(jasmine.objectContaining({ check: 'frontmatter', expected: 'Something else', actual: 'Process refunds' }));
    const extra = await entry(files, { ...frontmatter, license: 'MIT' });
    expect((await failure(verifySkillFile(extra, skill.uri, text(skill.uri, SKILL_MD)))).message).toContain('"license"');
  });
});
