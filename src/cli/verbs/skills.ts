import { readSkillFile } from '../../agent/skills.js';
import type { Skill } from '../../index.js';
import type { Connection } from '../connection.js';
import { EXIT } from '../failure.js';
import { firstUnlessInterrupted, type Run } from '../run-context.js';
import type { Styler } from '../style.js';

function skillLines(skills: readonly Skill[], style: Styler): string[] {
  if (skills.length === 0) return [style('dim', 'no skills')];
  return skills.flatMap((skill) => {
    const files = skill.resources === 'dynamic' ? 'dynamic' : `${skill.resources.length} file${skill.resources.length === 1 ? '' : 's'}`;
    return [`${style(['bold', 'cyan'], skill.frontmatter.name)}  ${skill.frontmatter.description}`, `  ${style('dim', `${skill.uri}  (${files})`)}`];
  });
}

/** The listed skill named `which` (its name or the URI of its SKILL.md), else the entry `skills/get` gives for that URI. */
async function findSkill(run: Run, connection: Connection, which: string): Promise<Skill> {
  const listed = await firstUnlessInterrupted(run, connection.client.listSkills());
  const found = listed.find((skill) => skill.uri === which || skill.frontmatter.name === which);
  return found ?? (await firstUnlessInterrupted(run, connection.client.getSkill(which))).skill;
}

/**
 * `skills`: every skill entry (all pages of `skills/list`); `skills <name|uri> [path]`: one file of that skill (its
 * SKILL.md by default), read now and verified against the entry before it is printed.
 */
export async function skillsVerb(run: Run, connection: Connection): Promise<number> {
  const [which, path] = run.command.operands;
  if (which === undefined) {
    const skills = await firstUnlessInterrupted(run, connection.client.listSkills());
    if (run.out.json) run.out.value({ skills });
    else for (const line of skillLines(skills, run.out.style)) run.out.line(line);
    return EXIT.ok;
  }
  const skill = await findSkill(run, connection, which);
  const file = await firstUnlessInterrupted(run, readSkillFile(connection.client, skill, path, { allowDynamic: true }));
  if (run.out.json) run.out.value({ uri: file.uri, skill: file.skill, ...(file.manifest === undefined ? {} : { digest: file.manifest.digest, size: file.manifest.size }), contents: file.contents });
  else run.out.line(new TextDecoder().decode(file.bytes).replace(/\n$/, ''));
  return EXIT.ok;
}
