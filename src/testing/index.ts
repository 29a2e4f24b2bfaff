// rxmcp/testing: helpers for marble-testing code that uses rxmcp. Any export added here is public API.
export { req, res, err, note, frame, malformed, oversized, failed, isBuiltFrame } from './frames.js';
export { marbleTransport } from './marble-transport.js';
export type { MarbleTransport, MarbleTransportOptions } from './marble-transport.js';
