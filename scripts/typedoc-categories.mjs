// A TypeDoc plugin that sorts every export of every entry into a task category (Client, Transports, Live state,
// Errors, ...) by the folder and file it is declared in, so that a new export lands in its category without a tag.
// An explicit `@category` tag in a declaration's comment wins. An export that no rule covers is a warning (an error
// in `npm run docs:check`): give it a rule here or a tag. typedoc.json's `categoryOrder` orders them on each page.
import { Comment, CommentTag, Converter, ReflectionKind } from 'typedoc';

/** Names whose category their file does not tell. */
const BY_NAME = new Map([
  ['Transport', 'Transports'],
  ['TransportHealth', 'Transports'],
  ['toolDisplayName', 'Client'],
  ['MCP_WEBSOCKET_SUBPROTOCOL', 'Transport authoring'],
]);

/** Errors and what describes them, wherever they live. */
const ERROR_NAME = /(Error|ErrorOptions|ErrorReason|ErrorCode|Failure)$/;

/** The first rule whose pattern matches the declaring file (relative to src/) gives the category. */
const BY_FILE = [
  [/^errors\/|(^|\/|-)errors\.ts$/, 'Errors'],
  [/^client\/links\//, 'Links'],
  [/^client\/(live\/|reconnect\.ts$|warm\/)|^node\/warm-file-store\.ts$/, 'Live state'],
  [/^client\/tasks\//, 'Tasks'],
  [/^events\/|^node\/event-cursor-file-store\.ts$|^protocol\/model\/events\.ts$/, 'Events'],
  [/^client\/tool-hints\.ts$/, 'Tool hints'],
  [/^client\//, 'Client'],
  [/^(group\/|node\/group-config\.ts$|config\/)/, 'Groups'],
  [/^transport\/sdk-interop\.ts$/, 'SDK bridges'],
  [/^transport\/(types\.ts$|registry\.ts$|internal\/)|^node\/registry\.ts$/, 'Transport authoring'],
  [/^transport\/|^node\//, 'Transports'],
  [/^auth\//, 'OAuth'],
  [/^session\//, 'Session'],
  [/^agent\/(advertise|tool-formats|names|schema)\.ts$/, 'Tool formats'],
  [/^agent\/(output|results)\.ts$/, 'Tool results'],
  [/^agent\/(openai-chat|sampling|providers\/anthropic-sampling)\.ts$/, 'Sampling'],
  [/^(agent|ai|openai-agents|langchain)\//, 'Agents'],
  [/^otel\//, 'Observability'],
  [/^apps\//, 'MCP Apps'],
  [/^testing\/(frames|marble-transport|marble-run|scheduler)\.ts$/, 'Marbles'],
  [/^testing\/fixtures\//, 'Fixtures'],
  [/^testing\//, 'Testing'],
  [/^protocol\/(jsonrpc|classify)\.ts$/, 'JSON-RPC'],
  [/^protocol\/versions\.ts$/, 'Revisions'],
  [/^protocol\/routing-headers\.ts$/, 'Routing headers'],
  [/^protocol\//, 'Model'],
];

/** The category of `reflection` by its name and the file it is declared in, or undefined when no rule applies. */
function categoryOf(reflection) {
  const target = reflection.kindOf(ReflectionKind.Reference) ? reflection.getTargetReflectionDeep() : reflection;
  if (BY_NAME.has(target.name)) return BY_NAME.get(target.name);
  if (ERROR_NAME.test(target.name)) return 'Errors';
  const file = (target.sources?.[0]?.fullFileName ?? '').replace(/^.*?\/src\//, '');
  return BY_FILE.find(([pattern]) => pattern.test(file))?.[1];
}

const hasCategory = (comment) => comment?.blockTags.some((tag) => tag.tag === '@category') ?? false;

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_END, (context) => {
    for (const module of context.project.getReflectionsByKind(ReflectionKind.Module)) {
      for (const child of module.children ?? []) {
        const tagged = hasCategory(child.comment) || (child.signatures ?? []).some((signature) => hasCategory(signature.comment));
        if (tagged) continue;
        const category = categoryOf(child);
        if (category === undefined) {
          app.logger.warn(`${module.name}: ${child.name} has no category; add a rule to scripts/typedoc-categories.mjs or a @category tag`);
          continue;
        }
        child.comment ??= new Comment();
        child.comment.blockTags.push(new CommentTag('@category', [{ kind: 'text', text: category }]));
      }
    }
  }, 100);
}
