// The sandbox's CSP lives with `rxmcp ui` (src/cli/ui/csp.ts), which ships it; the dashboard's dev server uses the same.
export { appCsp, cspFromQuery, RESTRICTIVE_APP_CSP } from '../../../src/cli/ui/csp.js';
