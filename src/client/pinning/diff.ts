import type { AnnotationChange } from '../../errors/drift-error.js';
import { canonicalJson } from './digest.js';
import { PINNED_FIELDS, type PinnedField, type ToolPin, type ToolPins } from './fingerprint.js';

/**
 * One difference between a listing and the pinned set: a tool whose definition changed (with the fields that did,
 * and the annotations that changed from what to what), a tool that is new, or a pinned tool the listing lacks.
 */
export type ToolDrift =
  | {
      /** The tool's definition is not the pinned one. */
      readonly kind: 'changed';
      /** The tool's name. */
      readonly name: string;
      /** The fields that changed, in the order of `PINNED_FIELDS`. */
      readonly fields: readonly PinnedField[];
      /** The annotations that changed (`readOnlyHint` `true` → `false`, ...), by key. */
      readonly annotations: readonly AnnotationChange[];
    }
  | {
      /** A tool the pinned set does not have. */
      readonly kind: 'added';
      /** The tool's name. */
      readonly name: string;
    }
  | {
      /** A pinned tool the listing no longer has. */
      readonly kind: 'removed';
      /** The tool's name. */
      readonly name: string;
    };

function annotationChanges(pinned: ToolPin, current: ToolPin): AnnotationChange[] {
  const before = pinned.annotations ?? {};
  const after = current.annotations ?? {};
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].sort();
  return keys
    .filter((key) => canonicalJson(before[key]) !== canonicalJson(after[key]))
    .map((key) => ({ key, from: before[key], to: after[key] }));
}

/**
 * How `current` differs from `pinned`, for one tool: `undefined` when they are the same. The contents of an MCP App
 * resource count only when both pins cover them (a listing that did not read the resource says nothing of it).
 */
export function diffToolPin(name: string, pinned: ToolPin, current: ToolPin): ToolDrift | undefined {
  const fields = PINNED_FIELDS.filter((field) => {
    const before = pinned.fields[field];
    const after = current.fields[field];
    if (field === 'appResourceContents' && (before === undefined || after === undefined)) return false;
    return before !== after;
  });
  if (fields.length === 0) return undefined;
  return { kind: 'changed', name, fields, annotations: fields.includes('annotations') ? annotationChanges(pinned, current) : [] };
}

/**
 * Every difference of `current` (a listing's fingerprints) from `pinned`: changed tools, then added ones, then
 * removed ones, each group by name.
 */
export function diffToolPins(pinned: ToolPins, current: ToolPins): ToolDrift[] {
  const names = Object.keys(current.tools).sort();
  const changed = names.flatMap((name) => {
    const before = pinned.tools[name];
    const drift = before === undefined ? undefined : diffToolPin(name, before, current.tools[name]!);
    return drift === undefined ? [] : [drift];
  });
  const added = names.filter((name) => pinned.tools[name] === undefined).map((name): ToolDrift => ({ kind: 'added', name }));
  const removed = Object.keys(pinned.tools).sort().filter((name) => current.tools[name] === undefined).map((name): ToolDrift => ({ kind: 'removed', name }));
  return [...changed, ...added, ...removed];
}

/** One line for a person: `search changed: annotations (readOnlyHint true → false)`, `bonus added`, `old removed`. */
export function describeDrift(drift: ToolDrift): string {
  if (drift.kind !== 'changed') return `${drift.name} ${drift.kind}`;
  const hints = drift.annotations.map((change) => `${change.key} ${JSON.stringify(change.from) ?? 'unset'} → ${JSON.stringify(change.to) ?? 'unset'}`);
  return `${drift.name} changed: ${drift.fields.join(', ')}${hints.length > 0 ? ` (${hints.join(', ')})` : ''}`;
}
