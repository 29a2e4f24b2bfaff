import { dirname, join, parse, resolve, sep } from 'node:path';
import type { ConfigFormat } from '../types.js';

/** Where to look, and how to name what is found. */
export interface ConfigLocation {
  readonly file: string;
  readonly label: string;
  /** `project`: found from the working folder upward; `user`: in the user's home or settings folders. */
  readonly scope: 'project' | 'user';
  /** `~/.claude.json`: the project whose local servers to include. */
  readonly project?: string;
  /** VS Code: the folder `${workspaceFolder}` stands for. */
  readonly workspaceFolder?: string;
  /** The layout the place implies (Gemini CLI's `settings.json`), when its contents alone do not tell it. */
  readonly format?: ConfigFormat;
}

/** What the locations depend on. */
export interface LocationContext {
  readonly home: string;
  readonly cwd: string;
  readonly platform: NodeJS.Platform;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** The folder of per-user application settings: `%APPDATA%`, `~/Library/Application Support`, `$XDG_CONFIG_HOME`. */
export function appSettingsFolder(context: LocationContext): string {
  if (context.platform === 'win32') return context.env['APPDATA'] ?? join(context.home, 'AppData', 'Roaming');
  if (context.platform === 'darwin') return join(context.home, 'Library', 'Application Support');
  return context.env['XDG_CONFIG_HOME'] || join(context.home, '.config');
}

/** The working folder and its parents, nearest first, stopping before the home folder (which holds user files). */
function projectFolders(context: LocationContext): string[] {
  const folders: string[] = [];
  const home = resolve(context.home);
  for (let folder = resolve(context.cwd); folder !== home; folder = dirname(folder)) {
    folders.push(folder);
    if (folder === parse(folder).root) break;
  }
  return folders;
}

function projectLocations(context: LocationContext): ConfigLocation[] {
  return projectFolders(context).flatMap((folder): ConfigLocation[] => [
    { file: join(folder, '.mcp.json'), label: 'Claude Code (project)', scope: 'project' },
    { file: join(folder, '.cursor', 'mcp.json'), label: 'Cursor (project)', scope: 'project' },
    { file: join(folder, '.vscode', 'mcp.json'), label: 'VS Code (workspace)', scope: 'project', workspaceFolder: folder },
    { file: join(folder, '.gemini', 'settings.json'), label: 'Gemini CLI (project)', scope: 'project', format: 'gemini' },
  ]);
}

function userLocations(context: LocationContext): ConfigLocation[] {
  const settings = appSettingsFolder(context);
  const code = join(settings, 'Code', 'User');
  return [
    { file: join(context.home, '.claude.json'), label: 'Claude Code (user)', scope: 'user', project: resolve(context.cwd) },
    { file: join(settings, 'Claude', 'claude_desktop_config.json'), label: 'Claude Desktop', scope: 'user' },
    { file: join(context.home, '.cursor', 'mcp.json'), label: 'Cursor (user)', scope: 'user' },
    { file: join(code, 'mcp.json'), label: 'VS Code (user)', scope: 'user' },
    { file: join(code, 'settings.json'), label: 'VS Code (user settings)', scope: 'user' },
    { file: join(context.home, '.codeium', 'windsurf', 'mcp_config.json'), label: 'Windsurf', scope: 'user' },
    { file: join(context.home, '.gemini', 'settings.json'), label: 'Gemini CLI (user)', scope: 'user', format: 'gemini' },
    { file: join(context.env['CODEX_HOME'] || join(context.home, '.codex'), 'config.toml'), label: 'Codex', scope: 'user' },
  ];
}

/**
 * Every place an MCP client keeps server configurations, in lookup order: project files from the working folder
 * upward (Claude Code `.mcp.json`, Cursor `.cursor/mcp.json`, VS Code `.vscode/mcp.json`, Gemini CLI
 * `.gemini/settings.json`), then the user's (Claude Code `~/.claude.json`, Claude Desktop, Cursor, VS Code, Windsurf,
 * Gemini CLI `~/.gemini/settings.json`, Codex `~/.codex/config.toml` or `$CODEX_HOME/config.toml`).
 */
export function configLocations(context: LocationContext): ConfigLocation[] {
  return [...projectLocations(context), ...userLocations(context)];
}

/** The `${pathSeparator}` of VS Code. */
export const PATH_SEPARATOR = sep;
