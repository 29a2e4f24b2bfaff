import type { Meta, Role } from './primitives.js';

/** An icon a client may render (2025-11-25+). Only `https:` and `data:` sources are safe to fetch. */
export interface Icon {
  readonly src: string;
  readonly mimeType?: string;
  /** Sizes such as `48x48`, or `any` for scalable formats. */
  readonly sizes?: readonly string[];
  readonly theme?: 'light' | 'dark';
}

/** Name and optional display title (`title` from 2025-06-18). */
export interface BaseMetadata {
  readonly name: string;
  readonly title?: string;
}

/**
 * Describes an MCP implementation (client or server). `title` from 2025-06-18; `description`, `icons`
 * and `websiteUrl` from 2025-11-25. Self-reported: for display and logging only.
 */
export interface Implementation extends BaseMetadata {
  readonly version: string;
  readonly description?: string;
  readonly icons?: readonly Icon[];
  readonly websiteUrl?: string;
}

/** Hints for the client about how to use or show an object (`lastModified` from 2025-06-18). */
export interface Annotations {
  readonly audience?: readonly Role[];
  /** 0 (least important) to 1 (most important). */
  readonly priority?: number;
  /** ISO 8601 timestamp. */
  readonly lastModified?: string;
}

/** Common optional fields of listed objects (tools, prompts, resources, templates). */
export interface Listed extends BaseMetadata {
  readonly description?: string;
  readonly icons?: readonly Icon[];
  readonly _meta?: Meta;
}
