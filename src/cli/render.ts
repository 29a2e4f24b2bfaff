import type {
  CallToolResult, CompleteResult, ContentBlock, GetPromptResult, JsonSchema, Prompt, ReadResourceResult, Resource, ResourceContents,
  ResourceTemplate, ServerSession, Tool,
} from '../index.js';
import type { Styler } from './style.js';

/** A short form of base64 data: its size and type. */
function binary(mimeType: string | undefined, base64: string, kind: string): string {
  const bytes = Math.floor((base64.replace(/=+$/, '').length * 3) / 4);
  return `[${kind}${mimeType === undefined ? '' : ` ${mimeType}`}, ${bytes} bytes]`;
}

function resourceContents(contents: ResourceContents, style: Styler): string {
  if ('text' in contents) return contents.text;
  return style('dim', `${binary(contents.mimeType, contents.blob, 'blob')} ${contents.uri}`);
}

/** One content block as text: text as it is, binary data as a note of its size. */
export function contentText(block: ContentBlock, style: Styler): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
    case 'audio':
      return style('dim', binary(block.mimeType, block.data, block.type));
    case 'resource_link':
      return `${style('cyan', block.uri)}${block.title ?? block.name ? style('dim', ` (${block.title ?? block.name})`) : ''}`;
    case 'resource':
      return resourceContents(block.resource, style);
    default:
      return style('dim', JSON.stringify(block));
  }
}

/** The parameters of a tool as one line: `a: number, b?: string`. */
export function parameterLine(schema: JsonSchema): string {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  return properties
    .map(([name, property]) => {
      const type = (property as { type?: unknown }).type;
      const enumeration = (property as { enum?: unknown }).enum;
      const shown = Array.isArray(enumeration) ? enumeration.map((item) => JSON.stringify(item)).join('|') : Array.isArray(type) ? type.join('|') : typeof type === 'string' ? type : 'any';
      return `${name}${required.has(name) ? '' : '?'}: ${shown}`;
    })
    .join(', ');
}

const firstLine = (text: string | undefined): string => (text ?? '').split('\n')[0]?.trim() ?? '';

/** The tool list: name, parameters, description. */
export function toolsText(tools: readonly Tool[], style: Styler): string[] {
  if (tools.length === 0) return [style('dim', '(no tools)')];
  return tools.flatMap((tool) => {
    const description = firstLine(tool.description);
    return [`${style(['bold', 'cyan'], tool.name)}(${parameterLine(tool.inputSchema)})`, ...(description === '' ? [] : [`  ${style('dim', description)}`])];
  });
}

/** The resource list: URI, name, type. */
export function resourcesText(resources: readonly Resource[], style: Styler): string[] {
  if (resources.length === 0) return [style('dim', '(no resources)')];
  return resources.map((resource) => `${style('cyan', resource.uri)}  ${resource.title ?? resource.name}${resource.mimeType === undefined ? '' : style('dim', `  ${resource.mimeType}`)}`);
}

/** The resource template list. */
export function templatesText(templates: readonly ResourceTemplate[], style: Styler): string[] {
  if (templates.length === 0) return [style('dim', '(no resource templates)')];
  return templates.map((template) => `${style('cyan', template.uriTemplate)}  ${template.title ?? template.name}${template.mimeType === undefined ? '' : style('dim', `  ${template.mimeType}`)}`);
}

/** The prompt list with arguments. */
export function promptsText(prompts: readonly Prompt[], style: Styler): string[] {
  if (prompts.length === 0) return [style('dim', '(no prompts)')];
  return prompts.flatMap((prompt) => {
    const args = (prompt.arguments ?? []).map((arg) => `${arg.name}${arg.required === true ? '' : '?'}`).join(', ');
    const description = firstLine(prompt.description);
    return [`${style(['bold', 'cyan'], prompt.name)}(${args})`, ...(description === '' ? [] : [`  ${style('dim', description)}`])];
  });
}

/** A tool result: its content, or its structured content when it has no content. */
export function callText(result: CallToolResult, style: Styler): string[] {
  const blocks = result.content.map((block) => contentText(block, style));
  if (blocks.length === 0 && result.structuredContent !== undefined) return [JSON.stringify(result.structuredContent, null, 2)];
  return blocks;
}

/** The contents of a read resource. */
export function readText(result: ReadResourceResult, style: Styler): string[] {
  return result.contents.map((contents) => resourceContents(contents, style));
}

/** The messages of a prompt. */
export function promptText(result: GetPromptResult, style: Styler): string[] {
  const head = result.description === undefined ? [] : [style('dim', result.description)];
  return [...head, ...result.messages.flatMap((message) => [style(['bold', 'magenta'], `${message.role}:`), contentText(message.content, style)])];
}

/** Completion values. */
export function completeText(result: CompleteResult, style: Styler): string[] {
  const more = result.completion.hasMore === true ? [style('dim', `… ${result.completion.total === undefined ? 'more' : `${result.completion.total} in all`}`)] : [];
  return [...result.completion.values, ...more];
}

function capabilityNames(server: ServerSession): string {
  const names = Object.entries(server.capabilities)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => {
      const flags = typeof value === 'object' && value !== null ? Object.entries(value).filter(([, on]) => on === true).map(([flag]) => flag) : [];
      return flags.length === 0 ? name : `${name} (${flags.join(', ')})`;
    });
  return names.length === 0 ? 'none' : names.join(', ');
}

/** What `info` says about a server. */
export function infoText(server: ServerSession, transport: string, style: Styler): string[] {
  const name = server.serverInfo === undefined ? 'unnamed server' : `${server.serverInfo.name} ${server.serverInfo.version}`;
  const lines = [
    `${style('bold', name)}${server.serverInfo?.title === undefined ? '' : style('dim', ` (${server.serverInfo.title})`)}`,
    `  ${style('dim', 'protocol')}      ${server.protocolVersion} (${server.era})`,
    `  ${style('dim', 'transport')}     ${transport}`,
    `  ${style('dim', 'capabilities')}  ${capabilityNames(server)}`,
  ];
  if (server.supportedVersions.length > 1) lines.push(`  ${style('dim', 'versions')}      ${server.supportedVersions.join(', ')}`);
  if (server.instructions !== undefined) lines.push(`  ${style('dim', 'instructions')}  ${server.instructions.split('\n').join('\n                ')}`);
  return lines;
}
