import type { Meta, Role } from './primitives.js';

/** An icon a client may render (2025-11-25+). Only `https:` and `data:` sources are safe to fetch. */
export interface Icon {
  /** Where the icon is: an `https:` or `data:` URI. */
  readonly src: string;
  /** The image's media type, e.g. `image/png`, when the server says. */
  readonly mimeType?: string;
  /** Sizes such as `48x48`, or `any` for scalable formats. */
  readonly sizes?: readonly string[];
  /** The theme the icon is made for; absent means any. */
  readonly theme?: 'light' | 'dark';
}

/** Name and optional display title (`title` from 2025-06-18). */
export interface BaseMetadata {
  /** The programmatic name (what requests refer to). */
  readonly name: string;
  /** A name for people, when the name is not one (2025-06-18+). */
  readonly title?: string;
}

/**
 * Describes an MCP implementation (client or server). `title` from 2025-06-18; `description`, `icons`
 * and `websiteUrl` from 2025-11-25. Self-reported: for display and logging only.
 */
export interface Implementation extends BaseMetadata {
  /** The implementation's version, as it reports it. */
  readonly version: string;
  /** What the implementation is, for people (2025-11-25+). */
  readonly description?: string;
  /** Icons to show for it (2025-11-25+). */
  readonly icons?: readonly Icon[];
  /** Its home page (2025-11-25+). */
  readonly websiteUrl?: string;
}

/** Hints for the client about how to use or show an object (`lastModified` from 2025-06-18). */
export interface Annotations {
  /** Who the object is for: the user, the model (`assistant`), or both. */
  readonly audience?: readonly Role[];
  /** 0 (least important) to 1 (most important). */
  readonly priority?: number;
  /** ISO 8601 timestamp. */
  readonly lastModified?: string;
}

/** Common optional fields of listed objects (tools, prompts, resources, templates). */
export interface Listed extends BaseMetadata {
  /** What the object is or does, for people and models. */
  readonly description?: string;
  /** Icons to show for it (2025-11-25+). */
  readonly icons?: readonly Icon[];
  /** The object's metadata, opaque to rxmcp. */
  readonly _meta?: Meta;
}
