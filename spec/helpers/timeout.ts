// Jasmine's default limit of 5 s per spec is for specs that wait on nothing. These start real servers, child
// processes (often `tsx`, which compiles before it runs) and Chromium, and `npm test` runs two spec files at a time:
// on a 2-core CI machine two specs that each spawn an example and server-everything took longer than 5 s for the
// machine's sake alone. Specs that need more still say so; a spec that hangs still fails.
jasmine.DEFAULT_TIMEOUT_INTERVAL = 15_000;
