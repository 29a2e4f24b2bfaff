import { of, type Observable } from 'rxjs';
import { hasCapability } from '../protocol/model/capabilities.js';
import { EVENTS_EXTENSION, type EventType } from '../protocol/model/events.js';
import { SKILLS_EXTENSION, type Skill } from '../protocol/model/skills.js';
import { knownMethodSpec } from '../protocol/methods.js';
import type { ClientConnection } from './client-connection.js';
import type { ClientCore } from './core.js';
import { listOn } from './verbs.js';

/** Whether `ready`'s server offers the Skills extension on its revision. */
export function offersSkills(ready: ClientConnection): boolean {
  const { protocolVersion, capabilities } = ready.server;
  return knownMethodSpec(protocolVersion, 'skills/list') !== undefined && hasCapability(capabilities, ['extensions', SKILLS_EXTENSION]);
}

/** Every skill entry on `ready`, all pages; none where the server does not offer the extension (the live catalog). */
export function skillsOn(core: ClientCore, ready: ClientConnection): Observable<readonly Skill[]> {
  return offersSkills(ready) ? listOn<Skill>(core, ready, 'skills/list', 'skills') : of([]);
}

/** Every event type on `ready`, all pages; none where the server does not offer the Events extension (the live catalog). */
export function eventTypesOn(core: ClientCore, ready: ClientConnection): Observable<readonly EventType[]> {
  const { protocolVersion, capabilities } = ready.server;
  const offered = knownMethodSpec(protocolVersion, 'events/list') !== undefined && hasCapability(capabilities, ['extensions', EVENTS_EXTENSION]);
  return offered ? listOn<EventType>(core, ready, 'events/list', 'events') : of([]);
}
