// /__rxmcp/model/*: a scripted OpenAI-compatible model server for the agent specs (Node and browser alike).
//   POST scripts                      { replies: [...] } → { id }: a script of replies, used in order
//   POST s/<id>/chat/completions      records the request, answers the next reply of the script
//   GET  s/<id>/requests              what was recorded: [{ body, authorization, aborted }]
// A reply is { content, finish?, model? } (a text answer), { toolCalls: [{ name, arguments }], content? }
// (tool calls; `arguments` an object or a raw string), { status, error } (an HTTP error), { hang: true } (no answer
// until the client goes away) or { raw } (that JSON as it is).
'use strict';

const PREFIX = '/__rxmcp/model/';
const MAX_BODY = 16 * 1024 * 1024;
const MAX_SCRIPTS = 500;
const scripts = new Map();
let nextId = 1;

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY) req.destroy(new Error('body too large'));
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

const json = (res, status, value) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));

function completion(reply, request, index) {
  if (reply.raw !== undefined) return reply.raw;
  const calls = (reply.toolCalls ?? []).map((call, n) => ({
    id: call.id ?? `call_${index}_${n}`,
    type: 'function',
    function: { name: call.name, arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments ?? {}) },
  }));
  const message = { role: 'assistant', content: reply.content ?? null, ...(calls.length > 0 ? { tool_calls: calls } : {}) };
  const finish = reply.finish ?? (calls.length > 0 ? 'tool_calls' : 'stop');
  return { id: `chatcmpl-${index}`, object: 'chat.completion', model: reply.model ?? request.model ?? 'scripted', choices: [{ index: 0, message, finish_reason: finish }] };
}

async function complete(req, res, script) {
  const text = await readBody(req);
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    return json(res, 400, { error: { message: 'body is not JSON' } });
  }
  const entry = { body, authorization: req.headers.authorization ?? null, aborted: false };
  script.requests.push(entry);
  res.on('close', () => {
    if (!res.writableFinished) entry.aborted = true;
  });
  const reply = script.replies.shift();
  if (reply === undefined) return json(res, 500, { error: { message: 'the script has no more replies' } });
  if (reply.hang) return undefined;
  if (reply.status !== undefined) return json(res, reply.status, { error: { message: reply.error ?? 'scripted error' } });
  return json(res, 200, completion(reply, body, script.requests.length));
}

async function createScript(req, res) {
  const { replies = [] } = JSON.parse(await readBody(req));
  const id = String(nextId++);
  scripts.set(id, { replies: [...replies], requests: [] });
  if (scripts.size > MAX_SCRIPTS) scripts.delete(scripts.keys().next().value);
  return json(res, 200, { id });
}

/** Karma middleware entry. */
exports.route = (req, res, next) => {
  const path = new URL(req.url, 'http://localhost').pathname;
  if (!path.startsWith(PREFIX)) return next();
  const [kind, id, ...rest] = path.slice(PREFIX.length).split('/');
  if (kind === 'scripts' && req.method === 'POST') return createScript(req, res);
  const script = kind === 's' ? scripts.get(id) : undefined;
  if (script === undefined) return json(res, 404, { error: { message: `no script ${id}` } });
  const tail = rest.join('/');
  if (tail === 'chat/completions' && req.method === 'POST') return complete(req, res, script);
  if (tail === 'requests' && req.method === 'GET') return json(res, 200, script.requests);
  return json(res, 404, { error: { message: `no route ${tail}` } });
};

/** No second origin for this route. */
exports.crossOriginUrl = () => Promise.resolve('');

/** Nothing to stop beyond the server that serves the route. */
exports.close = () => Promise.resolve();
