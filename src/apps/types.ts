import type { Observable } from 'rxjs';
import type { Params } from '../session/types.js';
import type { CallToolResult, Tool } from '../protocol/model/tools.js';

/**
 * The origins an MCP App's UI resource asks for (`_meta.ui.csp`, SEP-1865). Each entry is a source expression: a
 * scheme `http`, `https`, `ws` or `wss`, a host (a leading `*.` allowed), an optional port.
 */
export interface AppCsp {
  /** Origins for `fetch`, XHR and WebSocket (`connect-src`); none by default. */
  readonly connectDomains?: readonly string[];
  /** Origins for scripts, styles, images, fonts and media; none by default. */
  readonly resourceDomains?: readonly string[];
  /** Origins for nested frames (`frame-src`); none by default. */
  readonly frameDomains?: readonly string[];
  /** Allowed base URIs (`base-uri`); the sandbox's own origin by default. */
  readonly baseUriDomains?: readonly string[];
}

/** A browser capability an MCP App may ask for, each a Permissions Policy feature of its iframe. */
export type AppPermission = 'camera' | 'microphone' | 'geolocation' | 'clipboardWrite';

/** The permissions a UI resource asks for (`_meta.ui.permissions`): each present key is one request. */
export type AppPermissions = { readonly [P in AppPermission]?: Readonly<Record<string, never>> | object };

/** A UI resource's `_meta.ui`: what its sandbox should allow and how it likes to be shown. */
export interface AppResourceMeta {
  /** The origins it asks for. */
  readonly csp?: AppCsp;
  /** The browser capabilities it asks for. */
  readonly permissions?: AppPermissions;
  /** A dedicated sandbox origin it would like (host-dependent; this host does not use it). */
  readonly domain?: string;
  /** Whether it wants a visible border. */
  readonly prefersBorder?: boolean;
}

/** The HTML of an MCP App and the sandbox its resource asks for. */
export interface AppResource {
  /** The `ui://` URI it was read from. */
  readonly uri: string;
  /** The HTML document. */
  readonly html: string;
  /** Its `_meta.ui`. */
  readonly meta: AppResourceMeta;
}

/** Who may call a tool (`_meta.ui.visibility`): the model (the agent), the app of the same server, or both. */
export type ToolVisibility = 'model' | 'app';

/** Colour theme of the host. */
export type AppTheme = 'light' | 'dark';

/** How the app is shown. */
export type AppDisplayMode = 'inline' | 'fullscreen' | 'pip';

/**
 * What the host tells the app about itself (`hostContext`, SEP-1865): theme, locale, sizes... Unknown keys pass
 * through; `toolInfo` is filled in by {@link renderApp}.
 */
export interface AppHostContext {
  /** Any further field of the specification. */
  readonly [key: string]: unknown;
  /** The colour theme. */
  readonly theme?: AppTheme;
  /** How the app is shown now. */
  readonly displayMode?: AppDisplayMode;
  /** BCP 47 language tag. */
  readonly locale?: string;
  /** IANA time zone. */
  readonly timeZone?: string;
  /** `web`, `desktop` or `mobile`. */
  readonly platform?: 'web' | 'desktop' | 'mobile';
}

/** A tool call the app asks the host for, waiting for the host's approval. */
export interface AppToolCallRequest {
  /** The tool, as the server lists it (visible to apps). */
  readonly tool: Tool;
  /** The arguments the app sent. */
  readonly arguments: Params;
  /** Aborted when the app cancels the call or goes away: an answer after it is ignored. */
  readonly signal: AbortSignal;
}

/** Something the app did that the host may show or act on. */
export type AppEvent =
  | {
      /** The app finished its handshake (`ui/notifications/initialized`). */
      readonly type: 'initialized';
    }
  | {
      /** The app reported its size (`ui/notifications/size-changed`); the frame's height follows. */
      readonly type: 'size';
      /** Its width in pixels, when given. */
      readonly width?: number;
      /** Its height in pixels, when given. */
      readonly height?: number;
    }
  | {
      /** A tool call the app asked for, once decided. */
      readonly type: 'tool-call';
      /** The tool's name. */
      readonly name: string;
      /** The arguments the app sent. */
      readonly arguments: Params;
      /** `allowed` (approved and sent), `denied` (by the approval), `refused` (unknown or not visible to apps). */
      readonly decision: 'allowed' | 'denied' | 'refused';
    }
  | {
      /** The app sent a message for the conversation (`ui/message`). */
      readonly type: 'message';
      /** Its params (`role`, `content`). */
      readonly params: Params;
    }
  | {
      /** The app updated its model context (`ui/update-model-context`). */
      readonly type: 'model-context';
      /** Its params (`content`, `structuredContent`). */
      readonly params: Params;
    }
  | {
      /** The app logged (`notifications/message`). */
      readonly type: 'log';
      /** Its params (`level`, `data`, `logger`). */
      readonly params: Params;
    }
  | {
      /** The app asked to be closed (`ui/notifications/request-teardown`): the host decides (unsubscribe to close). */
      readonly type: 'teardown-requested';
    };

/** The call whose result the app shows: its input and its outcome reach the app. */
export interface AppToolCall {
  /**
   * Partial arguments while they are still being written; each is sent as `ui/notifications/tool-input-partial`.
   *
   * **Temperature:** any; subscribed once the app is initialized. **Emits:** partial argument objects.
   * **Completes:** when the arguments are complete (then `input` is sent). **Errors:** ends the input (nothing more
   * is sent). **Teardown:** unsubscribed when the app goes away.
   */
  readonly partialInput$?: Observable<Params>;
  /** The complete arguments, sent as `ui/notifications/tool-input` (after `partialInput$` completes). */
  readonly input?: Params;
  /**
   * The call's result, sent as `ui/notifications/tool-result`.
   *
   * **Temperature:** any; subscribed after the input was sent. **Emits:** the result (the first one counts).
   * **Completes:** without a result: the app hears `tool-cancelled`. **Errors:** the app hears `tool-cancelled` with
   * the error's message. **Teardown:** unsubscribed when the app goes away (the call itself is the host's).
   */
  readonly result$?: Observable<CallToolResult>;
}
