import { McpError, type McpErrorOptions } from './mcp-error.js';

/** One annotation of a tool whose value changed since it was pinned, e.g. `readOnlyHint` from `true` to `false`. */
export interface AnnotationChange {
  /** The annotation's key (`readOnlyHint`, `destructiveHint`, `title`, ...). */
  readonly key: string;
  /** Its pinned value (`undefined` when the pinned tool did not have it). */
  readonly from: unknown;
  /** Its value now (`undefined` when the tool no longer has it). */
  readonly to: unknown;
}

/**
 * A tool call refused because the tool's definition changed since it was pinned (`ClientOptions.pinning`): its
 * description, schemas, annotations or MCP App resource are no longer what was trusted. Nothing was sent.
 */
export class ToolDriftError extends McpError {
  static override readonly kind: string = 'ToolDriftError';
  /** The name of the tool whose call was refused. */
  readonly tool: string;
  /** The parts of its definition that changed (`description`, `inputSchema`, `annotations`, ...). */
  readonly fields: readonly string[];
  /** The annotations that changed, each with its pinned and its current value. */
  readonly annotations: readonly AnnotationChange[];

  constructor(tool: string, fields: readonly string[], annotations: readonly AnnotationChange[] = [], options: McpErrorOptions = {}) {
    const hints = annotations.map((change) => `${change.key} ${JSON.stringify(change.from) ?? 'unset'} → ${JSON.stringify(change.to) ?? 'unset'}`);
    super('drift', `The tool ${tool} changed since it was pinned (${fields.join(', ')}${hints.length > 0 ? `: ${hints.join(', ')}` : ''}): nothing was sent`, options);
    this.tool = tool;
    this.fields = fields;
    this.annotations = annotations;
  }
}
