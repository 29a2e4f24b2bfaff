/** The text of `rxmcp ui --help`. */
export const UI_USAGE = `rxmcp ui: the dashboard in your browser, for any MCP server (stdio included)

Usage:
  rxmcp ui [options]                          the catalog: every server of the known configuration files
  rxmcp ui [options] <url | name | file.json:name>
  rxmcp ui [options] -- <command> [args…]     spawn a server (stdio), relayed to the page over a WebSocket

It serves the page of the package (nothing is built or fetched), prints its URL (with this run's token), opens the
browser, and stops on Ctrl-C (or SIGTERM), ending every server it spawned.

Options:
  --port <port>       the page's port on 127.0.0.1 (default 0: a free one); the MCP Apps sandbox takes the next
  --host <host>       127.0.0.1 or localhost only: any other address (0.0.0.0, a LAN name) is refused
  --no-open           print the URL only, open no browser ($BROWSER, else xdg-open, open or start)
  --allow-spawn       let the page start commands that are neither on this command line nor in a configuration
                      file (still only with the token)
  -e KEY=VALUE, --cwd <dir>, --inherit-env      for a spawned server, as for the other verbs
  -H "Name: value", --transport <kind>           for a server named by URL
  --config <file> --server <name>                a server of that file
  -h, --help

Safety: the backend listens on 127.0.0.1 only and answers only requests that carry the run's random token (in the
URL, then a cookie of the page), name its own Host (no DNS rebinding) and come from the page's own Origin; it spawns
only the servers named on its command line or found in the configuration files. Refusals are 403 and logged here.
`;
