import { createHash } from 'node:crypto';
import type { McpServer, Resource } from '@modelcontextprotocol/server';
import { SkillsExtension, type Skill, type SkillSource } from '@modelcontextprotocol/server/ext/skills';
import * as z from 'zod';

/** Skill entries per `skills/list` page and children per directory page: small, so clients walk several pages. */
const PAGE_SIZE = 2;

/** The URI of the skill whose content is generated on every read (its entry says `resources: "dynamic"`). */
export const DYNAMIC_SKILL_URI = 'skill://reports/daily/SKILL.md';

const FILES: Readonly<Record<string, string>> = {
  'skill://git-workflow/SKILL.md': [
    '---',
    'name: git-workflow',
    'description: Follow this team\'s Git conventions for branching and commits',
    '---',
    '',
    '# Git workflow',
    '',
    'Branch from `main`, one topic per branch, and write commit messages that say what changed and why.',
    '',
  ].join('\n'),
  'skill://pdf-processing/SKILL.md': [
    '---',
    'name: pdf-processing',
    'description: >-',
    '  Extract, fill, and assemble',
    '  PDF documents',
    'license: Apache-2.0',
    'metadata:',
    '  version: "2.1.0"',
    "  category: 'documents' # a comment",
    '---',
    '',
    '# PDF processing',
    '',
    'Read `references/FORMS.md` first, then pick the matching template from `templates/`.',
    '',
  ].join('\n'),
  'skill://pdf-processing/references/FORMS.md': '# Forms\n\nFill every field; leave none blank.\n',
  'skill://pdf-processing/templates/invoice.md': '# Invoice\n\nNumber, date, lines, total.\n',
  'skill://pdf-processing/templates/regional/eu-invoice.md': '# EU invoice\n\nAdd the VAT number of both parties.\n',
  'skill://acme/billing/refunds/SKILL.md': [
    '---',
    'name: refunds',
    'description: Process customer refund requests per company policy',
    'allowed-tools: add',
    '---',
    '',
    '# Refunds',
    '',
    'Answer with the template in `examples/email.md`.',
    '',
  ].join('\n'),
  'skill://acme/billing/refunds/examples/email.md': 'Dear customer,\n\nYour refund is on its way.\n',
};

const FRONTMATTER: Readonly<Record<string, Skill['frontmatter']>> = {
  'skill://git-workflow/SKILL.md': { name: 'git-workflow', description: "Follow this team's Git conventions for branching and commits" },
  'skill://pdf-processing/SKILL.md': {
    name: 'pdf-processing',
    description: 'Extract, fill, and assemble PDF documents',
    license: 'Apache-2.0',
    metadata: { version: '2.1.0', category: 'documents' },
  },
  'skill://acme/billing/refunds/SKILL.md': { name: 'refunds', description: 'Process customer refund requests per company policy', 'allowed-tools': 'add' },
  [DYNAMIC_SKILL_URI]: { name: 'daily', description: "Assemble today's operational report from live data" },
};

/**
 * The example server's skill files, shared by every instance of one process: four skills (one under the prefix
 * `acme/billing`, one generated on each read), their files, and `edit` to rewrite a file, so that a client holding
 * the old entry sees the read fail verification until it fetches the entry again.
 */
export class ExampleSkills {
  private readonly files = new Map<string, string>(Object.entries(FILES));
  private reads = 0;

  /** Replaces the content of the file at `uri`; false when there is no such file. */
  edit(uri: string, text: string): boolean {
    if (!this.files.has(uri)) return false;
    this.files.set(uri, text);
    return true;
  }

  /** The current entry of the skill whose `SKILL.md` is at `uri`. */
  entry(uri: string): Skill | undefined {
    const frontmatter = FRONTMATTER[uri];
    if (frontmatter === undefined) return undefined;
    if (uri === DYNAMIC_SKILL_URI) return { uri, frontmatter, resources: 'dynamic' };
    const root = uri.slice(0, -'SKILL.md'.length);
    const resources = [...this.files].filter(([file]) => file.startsWith(root)).map(([file, text]) => {
      const bytes = Buffer.from(text, 'utf8');
      return { uri: file, digest: `sha256:${createHash('sha256').update(bytes).digest('hex')}`, size: bytes.length };
    });
    return { uri, frontmatter, resources };
  }

  /** Every skill entry, by URI. */
  entries(): Skill[] {
    return Object.keys(FRONTMATTER).sort().map((uri) => this.entry(uri)!);
  }

  /** The content of the file at `uri` (the dynamic skill's is generated now). */
  read(uri: string): string | undefined {
    if (uri !== DYNAMIC_SKILL_URI) return this.files.get(uri);
    this.reads += 1;
    return `---\nname: daily\ndescription: Assemble today's operational report from live data\n---\n\nReport number ${this.reads}.\n`;
  }

  /** The direct children of the directory `uri` (`skill://pdf-processing/templates`), or undefined when it is none. */
  children(uri: string): Resource[] | undefined {
    const prefix = `${uri}/`;
    const names = new Map<string, boolean>();
    for (const file of [...this.files.keys(), DYNAMIC_SKILL_URI]) {
      if (!file.startsWith(prefix)) continue;
      const [name, ...rest] = file.slice(prefix.length).split('/');
      names.set(name!, (names.get(name!) ?? false) || rest.length > 0);
    }
    if (names.size === 0) return undefined;
    return [...names].sort(([a], [b]) => a.localeCompare(b)).map(([name, directory]) => ({
      uri: `${prefix}${name}`,
      name,
      mimeType: directory ? 'inode/directory' : name.endsWith('.md') ? 'text/markdown' : 'application/octet-stream',
    }));
  }
}

let processSkills: ExampleSkills | undefined;

/** The skills shared by all example servers of this process. */
export function defaultExampleSkills(): ExampleSkills {
  processSkills ??= new ExampleSkills();
  return processSkills;
}

/** A page of `items` from `cursor` (an index), with the next cursor when more remain. */
function pageOf<T>(items: readonly T[], cursor: string | undefined): { items: T[]; nextCursor?: string } {
  const start = cursor === undefined ? 0 : Number(cursor);
  if (!Number.isInteger(start) || start < 0 || start > items.length) throw new Error(`invalid cursor ${cursor}`);
  const end = start + PAGE_SIZE;
  return { items: items.slice(start, end), ...(end < items.length ? { nextCursor: String(end) } : {}) };
}

function skillSource(skills: ExampleSkills): SkillSource {
  return {
    list: async ({ cursor }) => {
      const { items, nextCursor } = pageOf(skills.entries(), cursor);
      return { skills: items, ...(nextCursor === undefined ? {} : { nextCursor }) };
    },
    get: async (uri) => skills.entry(uri),
    read: async (uri) => {
      const text = skills.read(uri);
      return text === undefined ? undefined : { text, mimeType: 'text/markdown' };
    },
    readDirectory: async (uri, { cursor }) => {
      const children = skills.children(uri);
      if (children === undefined) return undefined;
      const { items, nextCursor } = pageOf(children, cursor);
      return { resources: items, ...(nextCursor === undefined ? {} : { nextCursor }) };
    },
    listResources: async () =>
      skills.entries().map((skill) => ({ uri: skill.uri, name: skill.frontmatter.name, description: skill.frontmatter.description, mimeType: 'text/markdown' })),
  };
}

/**
 * Serves the Skills extension (`io.modelcontextprotocol/skills`, with `directoryRead`) on `server` from `skills`,
 * and the tool `edit_skill`, which rewrites one skill file.
 */
export function registerExampleSkills(server: McpServer, skills: ExampleSkills): void {
  new SkillsExtension({ source: skillSource(skills), onWarning: (warning) => console.error(`skills: ${warning.path}: ${warning.message}`) }).attach(server);
  server.registerTool(
    'edit_skill',
    {
      title: 'Edit a skill file',
      description: 'Replaces the content of one skill file; entries fetched before no longer match it.',
      inputSchema: z.object({ uri: z.string(), text: z.string() }),
    },
    async ({ uri, text }) => {
      const edited = skills.edit(uri, text);
      return { content: [{ type: 'text', text: edited ? `edited ${uri}` : `no skill file ${uri}` }], ...(edited ? {} : { isError: true }) };
    },
  );
}
