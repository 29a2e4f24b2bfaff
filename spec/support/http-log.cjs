// What the Streamable HTTP fixture servers saw (requests, disconnects, DELETEs, resumptions), by tag, so
// specs in Node and in the browser can check the server side of a behaviour over HTTP.
'use strict';

const MAX_ENTRIES = 2000;
const entries = [];

/** Records one server-side event. `tag` groups the events of one spec (a session id, a tool argument). */
function record(tag, event, data = {}) {
  if (tag === undefined || tag === null || tag === '') return;
  entries.push({ tag: String(tag), event, at: Date.now(), ...data });
  if (entries.length > MAX_ENTRIES) entries.splice(0, entries.length - MAX_ENTRIES);
}

/** The events recorded under `tag`, oldest first. */
function entriesOf(tag) {
  return entries.filter((entry) => entry.tag === tag);
}

module.exports = { record, entriesOf };
