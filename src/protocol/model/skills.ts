import type { CompleteResultBase, CacheHints, PaginatedRequestParams, PaginatedResult, RequestParamsBase } from './common.js';
import type { Resource } from './resources.js';

/** The identifier of the Skills extension (SEP-2640), as servers list it under `capabilities.extensions`. */
export const SKILLS_EXTENSION = 'io.modelcontextprotocol/skills';

/** The `mimeType` of a directory resource (`resources/directory/read` lists them among a directory's children). */
export const DIRECTORY_MIME_TYPE = 'inode/directory';

/** One file of a skill's manifest: its URI, the SHA-256 digest and the length of its raw bytes. */
export interface SkillResource {
  /** The file's resource URI, readable with `resources/read`. */
  readonly uri: string;
  /** `sha256:` and 64 lowercase hexadecimal characters: the SHA-256 of the file's raw bytes. */
  readonly digest: string;
  /** The length in bytes of the file's raw content (the bytes `digest` covers). */
  readonly size: number;
}

/** A skill's `SKILL.md` YAML frontmatter as a JSON object: `name` and `description`, and every other field verbatim. */
export interface SkillFrontmatter {
  /** The skill's name: the last segment of its path. */
  readonly name: string;
  /** What the skill is for. */
  readonly description: string;
  /** Every other field the author wrote (`license`, `metadata`, `allowed-tools`, ...), unchanged. */
  readonly [key: string]: unknown;
}

/** The entry of one skill (`skills/list` and `skills/get`): its `SKILL.md`, its frontmatter and its manifest. */
export interface Skill {
  /** The URI of the skill's `SKILL.md`; its files sit beside it. */
  readonly uri: string;
  /** The `SKILL.md` frontmatter, verbatim. */
  readonly frontmatter: SkillFrontmatter;
  /**
   * Every file of the skill (`SKILL.md` included), each once, with digest and size; or `'dynamic'` when the server
   * generates the content and publishes no digests (such a skill cannot be verified).
   */
  readonly resources: readonly SkillResource[] | 'dynamic';
}

/** Params of `skills/list`. */
export type ListSkillsRequestParams = PaginatedRequestParams;

/** One page of `skills/list`. */
export interface ListSkillsResult extends PaginatedResult {
  /** The entries on this page (an entry is never split over pages). */
  readonly skills: readonly Skill[];
}

/** Params of `skills/get`. */
export interface GetSkillRequestParams extends RequestParamsBase {
  /** The URI of the skill's `SKILL.md`. */
  readonly uri: string;
}

/** The answer to `skills/get`. */
export interface GetSkillResult extends CompleteResultBase, CacheHints {
  /** The skill's entry, as `skills/list` would give it. */
  readonly skill: Skill;
}

/** Params of `resources/directory/read`. */
export interface ReadResourceDirectoryRequestParams extends PaginatedRequestParams {
  /** The URI of the directory resource (no trailing slash). */
  readonly uri: string;
}

/** One page of `resources/directory/read`: the direct children of a directory. */
export interface ReadResourceDirectoryResult extends PaginatedResult {
  /** Files with their resource metadata; subdirectories with `mimeType: 'inode/directory'`. */
  readonly resources: readonly Resource[];
}

/** The Skills extension's requests, with their params and decoded results. */
export interface SkillsRequests {
  readonly 'skills/list': { readonly params: ListSkillsRequestParams | undefined; readonly result: ListSkillsResult };
  readonly 'skills/get': { readonly params: GetSkillRequestParams; readonly result: GetSkillResult };
  readonly 'resources/directory/read': { readonly params: ReadResourceDirectoryRequestParams; readonly result: ReadResourceDirectoryResult };
}
