// The completion scripts of `rxmcp completion <bash|zsh|fish>`. They ask `rxmcp completion words <kind>` for what
// changes (configured servers, running sessions, a session's tools), so they stay current without being printed again.

/** The shells a completion script is printed for. */
export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

const BASH = `# rxmcp completion for bash: eval "$(rxmcp completion bash)" in ~/.bashrc
# A session target (@name) is one word: "@" leaves COMP_WORDBREAKS, as npm's completion does it.
COMP_WORDBREAKS=\${COMP_WORDBREAKS//@/}
_rxmcp_words() { rxmcp completion words "$@" 2>/dev/null; }
_rxmcp() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" first="\${COMP_WORDS[1]}"
  COMPREPLY=()
  if [[ "$cur" == -* ]]; then
    COMPREPLY=( $(compgen -W "$(_rxmcp_words options)" -- "$cur") )
  elif [[ $COMP_CWORD -eq 1 ]]; then
    COMPREPLY=( $(compgen -W "$(_rxmcp_words verbs) $(_rxmcp_words targets)" -- "$cur") )
  elif [[ "$first" == completion && $COMP_CWORD -eq 2 ]]; then
    COMPREPLY=( $(compgen -W "bash zsh fish" -- "$cur") )
  elif [[ "$first" == disconnect && $COMP_CWORD -eq 2 ]]; then
    COMPREPLY=( $(compgen -W "$(_rxmcp_words sessions)" -- "$cur") )
  elif [[ "$prev" == call && "$first" == @* ]]; then
    COMPREPLY=( $(compgen -W "$(_rxmcp_words tools "\${first#@}")" -- "$cur") )
  elif [[ $COMP_CWORD -eq 2 && "$first" != connect && "$first" != disconnect ]]; then
    COMPREPLY=( $(compgen -W "$(_rxmcp_words verbs)" -- "$cur") )
  fi
}
complete -F _rxmcp rxmcp
`;

const ZSH = `#compdef rxmcp
# rxmcp completion for zsh: source <(rxmcp completion zsh) in ~/.zshrc, after compinit
_rxmcp_words() { rxmcp completion words "$@" 2>/dev/null; }
_rxmcp() {
  local first=\${words[2]} prev=\${words[CURRENT-1]}
  if [[ $PREFIX == -* ]]; then
    compadd -- \${(f)"$(_rxmcp_words options)"}
  elif (( CURRENT == 2 )); then
    compadd -- \${(f)"$(_rxmcp_words verbs)"} \${(f)"$(_rxmcp_words targets)"}
  elif [[ $first == completion ]] && (( CURRENT == 3 )); then
    compadd bash zsh fish
  elif [[ $first == disconnect ]] && (( CURRENT == 3 )); then
    compadd -- \${(f)"$(_rxmcp_words sessions)"}
  elif [[ $prev == call && $first == @* ]]; then
    compadd -- \${(f)"$(_rxmcp_words tools \${first#@})"}
  elif (( CURRENT == 3 )) && [[ $first != connect && $first != disconnect ]]; then
    compadd -- \${(f)"$(_rxmcp_words verbs)"}
  fi
}
if [[ \${funcstack[1]} == _rxmcp ]]; then _rxmcp "$@"; else compdef _rxmcp rxmcp; fi
`;

const FISH = `# rxmcp completion for fish: rxmcp completion fish > ~/.config/fish/completions/rxmcp.fish
function __rxmcp_words; rxmcp completion words $argv 2>/dev/null; end
function __rxmcp_at; test (count (commandline -opc)) -eq $argv[1]; end
function __rxmcp_session
  set -l tokens (commandline -opc)
  if test (count $tokens) -ge 3; and string match -q -- '@*' $tokens[2]; and test $tokens[-1] = call
    string sub -s 2 -- $tokens[2]
  else
    return 1
  end
end
complete -c rxmcp -f
complete -c rxmcp -n '__rxmcp_at 1' -a '(__rxmcp_words verbs; __rxmcp_words targets)'
complete -c rxmcp -n '__rxmcp_at 2; and __fish_seen_subcommand_from completion' -a 'bash zsh fish'
complete -c rxmcp -n '__rxmcp_at 2; and __fish_seen_subcommand_from disconnect' -a '(__rxmcp_words sessions)'
complete -c rxmcp -n '__rxmcp_at 2; and not __fish_seen_subcommand_from connect disconnect completion' -a '(__rxmcp_words verbs)'
complete -c rxmcp -n '__rxmcp_session' -a '(__rxmcp_words tools (__rxmcp_session))'
`;

/** `complete -l name` lines of fish for each option (`-s x` for a short spelling). */
function fishOptions(options: readonly { readonly long: string; readonly short: string | undefined }[]): string {
  return options.map((option) => `complete -c rxmcp -l ${option.long}${option.short === undefined ? '' : ` -s ${option.short}`}\n`).join('');
}

/** The completion script for `shell`. */
export function completionScript(shell: Shell, options: readonly { readonly long: string; readonly short: string | undefined }[]): string {
  if (shell === 'bash') return BASH;
  if (shell === 'zsh') return ZSH;
  return FISH + fishOptions(options);
}
