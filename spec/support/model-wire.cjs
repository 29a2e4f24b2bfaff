// A scripted reply ({ content, toolCalls, finish, usage, model }) in the wire format of each provider API the
// scripted model server speaks, as one JSON body or as the events of its stream:
//   chat        OpenAI Chat Completions: `chat.completion`, or `chat.completion.chunk` data lines ending in [DONE]
//               (a last chunk with `usage` and no choices when `stream_options.include_usage` is set)
//   responses   OpenAI Responses: a `response` object, or named events (response.created, response.in_progress,
//               response.output_item.added, response.content_part.added, response.output_text.delta,
//               response.output_text.done, response.content_part.done, response.function_call_arguments.delta,
//               response.function_call_arguments.done, response.output_item.done, response.completed), each with
//               its `type` and `sequence_number`
//   anthropic   Anthropic Messages: a `message`, or named events (message_start, content_block_start, ping,
//               content_block_delta with text_delta / input_json_delta, content_block_stop, message_delta,
//               message_stop)
'use strict';

/** The text in the pieces a model would stream it in: words with their following space. */
const pieces = (text) => (text === '' ? [] : text.match(/\S+\s*|\s+/g));

/** A JSON text cut in two, the way argument deltas arrive. */
const halves = (text) => (text.length < 2 ? [text] : [text.slice(0, Math.ceil(text.length / 2)), text.slice(Math.ceil(text.length / 2))]);

function normalize(reply, body, index) {
  const calls = (reply.toolCalls ?? []).map((call, n) => ({
    id: call.id ?? `call_${index}_${n}`,
    name: call.name,
    arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments ?? {}),
  }));
  const usage = { input: reply.usage?.input ?? 11, output: reply.usage?.output ?? 7 };
  return { text: reply.content ?? '', calls, finish: reply.finish, usage, model: reply.model ?? body.model ?? 'scripted', index };
}

// ---- OpenAI Chat Completions

function chatBody(r) {
  const tool_calls = r.calls.map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: call.arguments } }));
  const message = { role: 'assistant', content: r.text === '' && tool_calls.length > 0 ? null : r.text, ...(tool_calls.length > 0 ? { tool_calls } : {}) };
  return {
    id: `chatcmpl-${r.index}`, object: 'chat.completion', created: 0, model: r.model,
    choices: [{ index: 0, message, finish_reason: r.finish ?? (tool_calls.length > 0 ? 'tool_calls' : 'stop') }],
    usage: { prompt_tokens: r.usage.input, completion_tokens: r.usage.output, total_tokens: r.usage.input + r.usage.output },
  };
}

function chatEvents(r, body) {
  const chunk = (choices, extra = {}) => ({ data: { id: `chatcmpl-${r.index}`, object: 'chat.completion.chunk', created: 0, model: r.model, choices, ...extra } });
  const delta = (value, finish = null) => chunk([{ index: 0, delta: value, finish_reason: finish }]);
  const events = [delta({ role: 'assistant', content: '' })];
  for (const text of pieces(r.text)) events.push(delta({ content: text }));
  r.calls.forEach((call, index) => {
    events.push(delta({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] }));
    for (const part of halves(call.arguments)) events.push(delta({ tool_calls: [{ index, function: { arguments: part } }] }));
  });
  events.push(delta({}, r.finish ?? (r.calls.length > 0 ? 'tool_calls' : 'stop')));
  if (body.stream_options?.include_usage === true) {
    events.push(chunk([], { usage: { prompt_tokens: r.usage.input, completion_tokens: r.usage.output, total_tokens: r.usage.input + r.usage.output } }));
  }
  events.push({ raw: '[DONE]' });
  return events;
}

// ---- OpenAI Responses

function responsesItems(r) {
  const items = [];
  if (r.text !== '') items.push({ id: `msg_${r.index}`, type: 'message', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: r.text, annotations: [] }] });
  for (const call of r.calls) items.push({ id: `fc_${call.id}`, type: 'function_call', status: 'completed', call_id: call.id, name: call.name, arguments: call.arguments });
  return items;
}

function responsesBody(r, status = 'completed') {
  const incomplete = r.finish === 'length';
  return {
    id: `resp_${r.index}`, object: 'response', created_at: 0, model: r.model,
    status: incomplete ? 'incomplete' : status,
    incomplete_details: incomplete ? { reason: 'max_output_tokens' } : null,
    output: status === 'in_progress' ? [] : responsesItems(r),
    usage: { input_tokens: r.usage.input, output_tokens: r.usage.output, total_tokens: r.usage.input + r.usage.output },
  };
}

function itemEvents(item, output_index, push) {
  if (item.type === 'message') {
    const text = item.content[0].text;
    push('response.output_item.added', { output_index, item: { ...item, status: 'in_progress', content: [] } });
    push('response.content_part.added', { item_id: item.id, output_index, content_index: 0, part: { type: 'output_text', text: '', annotations: [] } });
    for (const delta of pieces(text)) push('response.output_text.delta', { item_id: item.id, output_index, content_index: 0, delta, logprobs: [] });
    push('response.output_text.done', { item_id: item.id, output_index, content_index: 0, text, logprobs: [] });
    push('response.content_part.done', { item_id: item.id, output_index, content_index: 0, part: item.content[0] });
  } else {
    push('response.output_item.added', { output_index, item: { ...item, status: 'in_progress', arguments: '' } });
    for (const delta of halves(item.arguments)) push('response.function_call_arguments.delta', { item_id: item.id, output_index, delta });
    push('response.function_call_arguments.done', { item_id: item.id, output_index, arguments: item.arguments });
  }
  push('response.output_item.done', { output_index, item });
}

function responsesEvents(r) {
  const events = [];
  const push = (type, data) => events.push({ event: type, data: { type, sequence_number: events.length, ...data } });
  push('response.created', { response: responsesBody(r, 'in_progress') });
  push('response.in_progress', { response: responsesBody(r, 'in_progress') });
  responsesItems(r).forEach((item, index) => itemEvents(item, index, push));
  const done = responsesBody(r);
  push(done.status === 'incomplete' ? 'response.incomplete' : 'response.completed', { response: done });
  return events;
}

// ---- Anthropic Messages

const STOP_REASONS = { stop: 'end_turn', length: 'max_tokens', tool_calls: 'tool_use' };

function anthropicBlocks(r) {
  const blocks = r.text === '' ? [] : [{ type: 'text', text: r.text }];
  for (const call of r.calls) blocks.push({ type: 'tool_use', id: call.id, name: call.name, input: JSON.parse(call.arguments === '' ? '{}' : call.arguments) });
  return blocks;
}

function anthropicBody(r) {
  const stop = STOP_REASONS[r.finish] ?? r.finish ?? (r.calls.length > 0 ? 'tool_use' : 'end_turn');
  return {
    id: `msg_${r.index}`, type: 'message', role: 'assistant', model: r.model, content: anthropicBlocks(r),
    stop_reason: stop, stop_sequence: null, usage: { input_tokens: r.usage.input, output_tokens: r.usage.output },
  };
}

function anthropicEvents(r) {
  const events = [];
  const push = (type, data = {}) => events.push({ event: type, data: { type, ...data } });
  const whole = anthropicBody(r);
  push('message_start', { message: { ...whole, content: [], stop_reason: null, usage: { input_tokens: r.usage.input, output_tokens: 1 } } });
  let index = 0;
  if (r.text !== '') {
    push('content_block_start', { index, content_block: { type: 'text', text: '' } });
    push('ping');
    for (const text of pieces(r.text)) push('content_block_delta', { index, delta: { type: 'text_delta', text } });
    push('content_block_stop', { index });
    index += 1;
  }
  for (const call of r.calls) {
    push('content_block_start', { index, content_block: { type: 'tool_use', id: call.id, name: call.name, input: {} } });
    for (const partial_json of halves(call.arguments)) push('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json } });
    push('content_block_stop', { index });
    index += 1;
  }
  push('message_delta', { delta: { stop_reason: whole.stop_reason, stop_sequence: null }, usage: { output_tokens: r.usage.output } });
  push('message_stop');
  return events;
}

const APIS = {
  chat: { body: chatBody, events: chatEvents },
  responses: { body: responsesBody, events: responsesEvents },
  anthropic: { body: anthropicBody, events: anthropicEvents },
};

/** The reply as the whole JSON body of `api`. */
exports.replyBody = (api, reply, body, index) => APIS[api].body(normalize(reply, body, index));

/** The reply as the stream events of `api`: `{ event?, data }` (data an object) or `{ raw }` (a data line as is). */
exports.replyEvents = (api, reply, body, index) => APIS[api].events(normalize(reply, body, index), body);

/** The error body of `api` for a scripted HTTP error. */
exports.errorBody = (api, status, message) =>
  api === 'anthropic' ? { type: 'error', error: { type: status === 429 ? 'rate_limit_error' : 'api_error', message } } : { error: { message, type: 'server_error' } };

const STREAM_ERRORS = {
  chat: (message) => ({ data: { error: { message, type: 'server_error' } } }),
  responses: (message) => ({ event: 'response.failed', data: { type: 'response.failed', response: { id: 'resp_failed', object: 'response', status: 'failed', error: { code: 'server_error', message }, output: [] } } }),
  anthropic: (message) => ({ event: 'error', data: { type: 'error', error: { type: 'overloaded_error', message } } }),
};

/** The event with which `api` reports a failure in the middle of a stream. */
exports.streamError = (api, message) => STREAM_ERRORS[api](message);

/** An SSE frame of one event. */
exports.sseFrame = (event) => `${event.event === undefined ? '' : `event: ${event.event}\n`}data: ${event.raw ?? JSON.stringify(event.data)}\n\n`;
