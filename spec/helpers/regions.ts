/**
 * The `// #region <name>` ... `// #endregion` part of a file, without the region's own indentation (as a Markdown
 * text quotes it), or `undefined` when the file has no such region.
 */
export function region(text: string, name: string): string | undefined {
  const match = new RegExp(`^([ \\t]*)// #region ${name}\\n([\\s\\S]*?)\\n[ \\t]*// #endregion`, 'm').exec(text);
  if (!match) return undefined;
  const indent = match[1] ?? '';
  return (match[2] ?? '').split('\n').map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line)).join('\n');
}
