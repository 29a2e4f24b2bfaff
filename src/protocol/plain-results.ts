// Every result is checked against its revision's schema. For the most common result of all, a tool result of plain
// text, that check costs more than parsing the JSON did (zod walks and copies every part). The check below knows
// the few shapes that are valid in every revision and costs a few property reads; it only ever answers "valid, and
// this is the decoded copy" or "not known here", and anything it does not know goes to the schema as before, so it
// refuses nothing and lets nothing through that the schema would refuse.

type Plain = Record<string, unknown>;

function isPlainObject(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function keyCount(value: Plain): number {
  let count = 0;
  for (const key in value) if (Object.prototype.hasOwnProperty.call(value, key)) count += 1;
  return count;
}

/** A text or image content block with nothing else in it: the same in every revision. */
function isPlainBlock(block: unknown): boolean {
  if (!isPlainObject(block)) return false;
  if (block['type'] === 'text') return typeof block['text'] === 'string' && keyCount(block) === 2;
  if (block['type'] === 'image') return typeof block['data'] === 'string' && typeof block['mimeType'] === 'string' && keyCount(block) === 3;
  return false;
}

/** The members a plain tool result may have (`resultType` is the codec's business; `_meta` goes to the schema). */
function isToolResultKey(key: string, value: unknown): boolean {
  switch (key) {
    case 'content':
    case 'structuredContent':
    case 'resultType':
      return true;
    case 'isError':
      return typeof value === 'boolean';
    default:
      return false;
  }
}

function plainToolResult(value: Plain): Plain | undefined {
  const content = value['content'];
  if (!Array.isArray(content)) return undefined;
  for (const key in value) if (!isToolResultKey(key, value[key])) return undefined;
  for (const block of content) if (!isPlainBlock(block)) return undefined;
  return { ...value, content: content.slice() };
}

/**
 * The decoded copy of a completed result whose shape is known to be valid in every revision (today: a tool result
 * of text and image blocks, with `isError` and `structuredContent`), or `undefined`: then the revision's schema
 * decides. A fresh top-level object and content array, as the schema would give.
 */
export function plainResult(method: string, value: Plain): Plain | undefined {
  return method === 'tools/call' ? plainToolResult(value) : undefined;
}
