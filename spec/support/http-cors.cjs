// CORS as a browser-facing MCP deployment needs it: the page may send the MCP request headers (preflight)
// and read `Mcp-Session-Id` (exposed). `hidden` leaves the session header unexposed (the negative control).
'use strict';

const ALLOWED_HEADERS = [
  'Content-Type',
  'Accept',
  'Authorization',
  'Mcp-Session-Id',
  'MCP-Protocol-Version',
  'Mcp-Method',
  'Mcp-Name',
  'Mcp-Param-Region',
  'Last-Event-ID',
  'X-Static',
  'X-Hook',
].join(', ');

/** Adds CORS headers to `res`; answers a preflight itself and returns true then. */
function applyCors(req, res, { expose = true } = {}) {
  res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
  res.setHeader('vary', 'Origin');
  if (expose) res.setHeader('access-control-expose-headers', 'Mcp-Session-Id');
  if (req.method !== 'OPTIONS') return false;
  res.writeHead(204, {
    'access-control-allow-methods': 'GET, POST, DELETE',
    'access-control-allow-headers': ALLOWED_HEADERS,
    'access-control-max-age': '0',
  });
  res.end();
  return true;
}

module.exports = { applyCors };
