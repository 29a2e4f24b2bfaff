// Karma middleware that serves the real HTTP test servers of the browser specs from the karma server itself
// (same origin as the page). Each file in spec/support/routes/ exports `route(req, res, next)`; they are tried
// in file-name order. Every route lives under its own path prefix.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

function loadRoutes() {
  const dir = path.join(__dirname, 'routes');
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.cjs'))
    .sort()
    .map((name) => require(path.join(dir, name)).route);
}

function karmaMiddleware() {
  const routes = loadRoutes();
  return function mcpRoutes(req, res, next) {
    let index = 0;
    const tryNext = (error) => {
      if (error) return next(error);
      const route = routes[index++];
      if (!route) return next();
      Promise.resolve()
        .then(() => route(req, res, tryNext))
        .catch((e) => next(e));
    };
    tryNext();
  };
}

module.exports = { karmaMiddleware };
