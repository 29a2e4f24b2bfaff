import { COMMAND_TRANSPORTS } from '../node/registry.js';
import { declaredRemoteKinds } from '../transport/registry.js';

const KINDS = declaredRemoteKinds().join('|');
const COMMAND_KINDS = COMMAND_TRANSPORTS.map((entry) => entry.kind).join('|');
/** One help line per command transport: the command lines it runs, then what it does. */
const COMMAND_LINES = COMMAND_TRANSPORTS.map((entry) => `  ${`-- ${entry.claimsText}`.padEnd(29)} ${entry.label}: ${entry.description}`).join('\n');

/** The text of `rxmcp --help`. */
export const USAGE = `rxmcp: inspect an MCP server from the command line

Usage:
  rxmcp [options] <target> <verb> [operands]
  rxmcp [options] <verb> [operands] -- <command> [args…]     spawn a server
  rxmcp @<session> <verb> [operands] [options]              in a session that stays open

Targets:
  https://host/mcp              Streamable HTTP, falling back to HTTP+SSE (--transport ${KINDS} to choose)
  name                          a server of a known configuration file (rxmcp servers lists them)
  example.com                   a domain no configuration names: the endpoint its MCP Server Card gives
  file.json:name                a server of that file; also --config <file> --server <name>
${COMMAND_LINES}

Verbs:
  info                          who the server is, its protocol revision and capabilities (the default)
  tools | resources | templates | prompts
  call <tool> [k=v | k:=json …] arguments typed by the tool's schema; - reads a JSON object from stdin
  read <uri>
  prompt <name> [k=v …]
  complete prompt:<name>|resource:<template> <arg>=<partial> [k=v …]
  ping
  watch                         stream notifications, logs, progress, list changes, stderr as NDJSON
  servers                       the configured servers and where they are defined (secrets redacted)
  set-level <level>             the server's log level (debug … emergency)
  skills [<name|uri> [path]]    the skills (Skills extension); with a skill, one file of it, verified
  events [<name> [k=v …]]       the event types (Events extension); with a type, its occurrences as NDJSON
                                until Ctrl-C or --count (push or poll, as the server offers)
  card <url|domain>             the server's MCP Server Card: who it is, its endpoints and revisions
  tasks resume <file|json>      follow a task from its reference (rxmcp/agent taskReference) to its result,
                                each status as NDJSON; the target defaults to the reference's server, and
                                a 2025-11-25 task is followed in the HTTP session it was started in
  types                         TypeScript types of the tools' input and output schemas, and Tools for
                                typedTools<Tools>(client) of rxmcp: rxmcp <target> types > tools.d.ts
  record <file> <target>        record a session as NDJSON: the verbs of stdin, one a line, until it ends or
                                Ctrl-C (--redact <field> hides more fields; credentials always are)

The dashboard (docs/cli.md#rxmcp-ui):
  ui [target]                   the dashboard page in the browser for the target (also -- <command> …) or,
                                without one, every configured server; rxmcp ui --help

Sessions (docs/sessions.md):
  connect <name> [--idle <ms>] <target>   keep a connection open in the background; rxmcp @name <verb> uses it
  sessions | disconnect <name>            list the running sessions with their state | end one
  completion <bash|zsh|fish>              print a shell completion script

Options:
  --json                        one MCP-shaped JSON value on stdout; errors as one JSON line on stderr
  ${`--transport <${KINDS}>`.padEnd(29)} for a URL; -H, --header "Name: value"
  ${`--transport <${COMMAND_KINDS}>`.padEnd(29)} for a command; -e KEY=VALUE; --cwd <dir>; --inherit-env
  --protocol <auto|modern|legacy|YYYY-MM-DD>
  --timeout <ms>                silence allowed before and between progress reports (default 60000);
                                for watch: how long to watch
  --max-total <ms>              cap on a whole call; --connect-timeout <ms>
  --log-level <level>           ask the server for log messages from this level
  --elicit accept='{…}'|accept|decline|cancel
                                answer the server's questions without asking (on a terminal you are asked)
  --sampling accept|decline     answer sampling requests without asking; the model is OPENAI_BASE_URL +
                                OPENAI_MODEL (+ OPENAI_API_KEY); without OPENAI_BASE_URL, sampling is not offered
  --root <dir>                  offer a root (repeatable)
  --oauth | --no-oauth          sign in even without a terminal / never; --no-browser prints the URL only
  --watch                       (call) stream the call's progress and logs as NDJSON, then the result
  --count <n>, --until <method|kind>, --frames, --resource <uri>      (watch; --count also events)
  --pins <file>                 (tools) mark the tools that changed since they were pinned in <file>;
                                without <file>, pin them there
  --output <file>               write the result into <file> instead of stdout
  -q, --quiet                   nothing on stderr but the error report
  -v, --verbose                 show the server's stderr and every frame
  -h, --help, --version

Inspector spellings: --method tools/list|tools/call|resources/read|prompts/get|…, --tool-name, --tool-arg k=v,
  --tool-args-json '{…}', --uri, --prompt-name, --prompt-args k=v, --server-url, --log-level,
  --metadata k=v (_meta of every request), --tool-metadata k=v (of tool calls)
  --cli                         the Inspector's output: the result as JSON, errors as {"error":{"code",…}},
                                its exit codes; --format json: {"result": …} on one line

Exit codes: 0 ok, 1 usage or other error, 3 authorization, 4 server unreachable, 5 tool error or not found,
  130 interrupted (with --cli/--format the Inspector's: a server's error answer, an HTTP status and a command
  that cannot start are 1)
`;
