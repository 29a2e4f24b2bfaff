// GET /__rxmcp/health: lets a browser spec check that the karma middleware is in place.
'use strict';
exports.route = (req, res, next) => {
  if (req.url !== '/__rxmcp/health') return next();
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"ok":true}');
};
