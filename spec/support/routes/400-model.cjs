// /__rxmcp/model/*: a scripted model server for the agent specs (Node and browser alike), speaking three provider
// APIs in their wire formats (see ../model-wire.cjs), each as one JSON body or, when the request has `stream: true`,
// as a `text/event-stream`:
//   POST scripts                      { replies: [...] } → { id }: a script of replies, used in order
//   POST s/<id>/chat/completions      OpenAI Chat Completions
//   POST s/<id>/responses             OpenAI Responses
//   POST s/<id>/messages              Anthropic Messages (also s/<id>/v1/messages)
//   GET  s/<id>/requests              what was recorded: [{ api, body, authorization, apiKey, version, aborted }]
// Each POST records the request and answers the next reply of the script. A reply is { content, finish?, model?,
// usage? } (a text answer), { toolCalls: [{ name, arguments, id? }], content? } (tool calls; `arguments` an object or
// a raw string), { status, error } (an HTTP error), { hang: true, content? } (no answer until the client goes away;
// streamed, the first half of the reply's events first) or { raw } (that JSON as it is). Streamed, a text or tool
// reply with { failMidStream: message } sends the first half of its events and then the API's error event, with
// { cutMidStream: true } the first half and the end of the stream.
'use strict';

const { errorBody, replyBody, replyEvents, sseFrame, streamError } = require('../model-wire.cjs');

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

// `v1/messages` is where the Anthropic SDK sends its requests (its base URL is the API's root).
const APIS = { 'chat/completions': 'chat', responses: 'responses', messages: 'anthropic', 'v1/messages': 'anthropic' };

function stream(res, api, reply, body, index) {
  const events = replyEvents(api, reply, body, index);
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const cut = reply.hang || reply.failMidStream !== undefined || reply.cutMidStream;
  const sent = cut ? events.slice(0, Math.ceil(events.length / 2)) : events;
  if (reply.failMidStream !== undefined) sent.push(streamError(api, reply.failMidStream));
  res.write(sent.map(sseFrame).join(''));
  if (!reply.hang) res.end();
}

async function complete(req, res, script, api) {
  const text = await readBody(req);
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    return json(res, 400, errorBody(api, 400, 'body is not JSON'));
  }
  const header = (name) => req.headers[name] ?? null;
  const entry = { api, body, authorization: header('authorization'), apiKey: header('x-api-key'), version: header('anthropic-version'), aborted: false };
  script.requests.push(entry);
  res.on('close', () => {
    if (!res.writableFinished) entry.aborted = true;
  });
  const reply = script.replies.shift();
  if (reply === undefined) return json(res, 500, errorBody(api, 500, 'the script has no more replies'));
  if (reply.status !== undefined) return json(res, reply.status, errorBody(api, reply.status, reply.error ?? 'scripted error'));
  if (reply.raw !== undefined) return json(res, 200, reply.raw);
  if (body.stream === true) return stream(res, api, reply, body, script.requests.length);
  if (reply.hang) return undefined;
  return json(res, 200, replyBody(api, reply, body, script.requests.length));
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
  if (APIS[tail] !== undefined && req.method === 'POST') return complete(req, res, script, APIS[tail]);
  if (tail === 'requests' && req.method === 'GET') return json(res, 200, script.requests);
  return json(res, 404, { error: { message: `no route ${tail}` } });
};

/** No second origin for this route. */
exports.crossOriginUrl = () => Promise.resolve('');

/** Nothing to stop beyond the server that serves the route. */
exports.close = () => Promise.resolve();
