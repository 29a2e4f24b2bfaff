// A minimal host of the skills extension (io.modelcontextprotocol/skills, SEP-2640) for its conformance
// scenarios: it lists skills, and loads one only when the scenario is about loading. Loading reads SKILL.md,
// checks its size and digest against the listed entry and its frontmatter against the entry's, and only then
// reads the skill's other files (each checked the same way). A file that fails a check is never used.
import { createHash } from 'node:crypto';
/** The extension's identifier, declared in the client's capabilities. */
export const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';

class SkillRejected extends Error {}

function bytesOf(contents) {
  const first = contents?.[0];
  if (!first) throw new SkillRejected('the read returned no contents');
  if (typeof first.text === 'string') return Buffer.from(first.text, 'utf8');
  if (typeof first.blob === 'string') return Buffer.from(first.blob, 'base64');
  throw new SkillRejected('the read returned neither text nor blob');
}

function verifyFile(entry, bytes) {
  if (typeof entry.size === 'number' && bytes.length !== entry.size) {
    throw new SkillRejected(`${entry.uri}: ${bytes.length} bytes, the entry says ${entry.size}`);
  }
  const digest = `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
  if (typeof entry.digest === 'string' && digest !== entry.digest.toLowerCase()) {
    throw new SkillRejected(`${entry.uri}: digest ${digest}, the entry says ${entry.digest}`);
  }
}

function unquote(value) {
  const quoted = /^(['"])(.*)\1$/.exec(value);
  return quoted ? quoted[2] : value;
}

/** The flat `key: value` fields of a SKILL.md's YAML frontmatter. */
function frontmatterOf(text) {
  const block = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(text);
  if (!block) throw new SkillRejected('SKILL.md has no frontmatter');
  const fields = {};
  for (const line of block[1].split(/\r?\n/)) {
    const pair = /^([A-Za-z0-9_-]+):\s*(.*)$/.exec(line);
    if (pair) fields[pair[1]] = unquote(pair[2].trim());
  }
  return fields;
}

function verifyFrontmatter(skill, text) {
  const expected = skill.frontmatter ?? {};
  const actual = frontmatterOf(text);
  for (const key of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
    if (String(expected[key]) !== actual[key]) {
      throw new SkillRejected(`SKILL.md frontmatter ${key} is ${JSON.stringify(actual[key])}, the entry says ${JSON.stringify(expected[key])}`);
    }
  }
}

async function readVerified(mcp, entry) {
  const bytes = bytesOf((await mcp.readResource(entry.uri)).contents);
  verifyFile(entry, bytes);
  return bytes;
}

/** Loads a skill: SKILL.md first, verified; then the rest of its files, each verified. */
async function loadSkill(mcp, skill, log) {
  const files = skill.resources ?? [];
  const main = files.find((file) => file.uri === skill.uri) ?? { uri: skill.uri };
  const text = (await readVerified(mcp, main)).toString('utf8');
  verifyFrontmatter(skill, text);
  log(`loaded ${skill.uri}`);
  for (const file of files) {
    if (file.uri === skill.uri) continue;
    await readVerified(mcp, file);
    log(`loaded ${file.uri}`);
  }
}

/** Lists the skills and, in the verification scenarios, loads the first one. */
export async function runSkills(run, { client, mcp }, { log, settle }) {
  const method = 'skills/list';
  const listed = await settle(client.request(method, {}));
  const skills = listed?.skills ?? [];
  log(`${method} ->`, skills.map((s) => s.uri));
  if (run.scenario === 'sep-2640-client-no-prefetch') return;
  if (skills.length === 0) throw new Error('the server lists no skill to load');
  try {
    await loadSkill(mcp, skills[0], log);
  } catch (error) {
    if (!(error instanceof SkillRejected)) throw error;
    log(`rejected ${skills[0].uri}: ${error.message}`);
  }
}
