import { BehaviorSubject, Subject, type Observable } from 'rxjs';
import { createClient } from '../client/client.js';
import type { Client } from '../client/client-types.js';
import type { ClientOptions } from '../client/types.js';
import { ClientGroupError } from './errors.js';
import type { ClientGroupOptions, GroupMember } from './types.js';

/** One server of a group. */
export interface Member {
  readonly name: string;
  readonly client: Client;
  /** The group created the client (from a transport) and closes it on removal. */
  readonly owned: boolean;
  /** Emits once when the member leaves the group, before its client is closed. */
  readonly removed$: Observable<void>;
}

interface MemberEntry extends Member {
  readonly leave: Subject<void>;
}

/** True for an rxmcp client (or anything shaped like one), as opposed to a transport. */
export function isClient(member: GroupMember): member is Client {
  const candidate = member as Partial<Client>;
  return typeof candidate.callTool === 'function' && typeof candidate.close === 'function' && candidate.toolsState$ !== undefined;
}

function clientOptions(options: ClientGroupOptions, name: string): ClientOptions {
  const given = options.client;
  return typeof given === 'function' ? given(name) : given ?? {};
}

/** The servers of a group, in the order they joined, as a replaying stream of lists. */
export class Members {
  private readonly entries = new Map<string, MemberEntry>();
  private readonly list = new BehaviorSubject<readonly Member[]>([]);
  private closed = false;

  constructor(private readonly options: ClientGroupOptions) {}

  /** The current members, then every change; completes after `close()`. */
  get list$(): Observable<readonly Member[]> {
    return this.list.asObservable();
  }

  get names(): readonly string[] {
    return [...this.entries.keys()];
  }

  get(name: string): Member | undefined {
    return this.entries.get(name);
  }

  add(name: string, member: GroupMember): Client {
    if (this.closed) throw new ClientGroupError(`The group is closed: "${name}" cannot be added`, { reason: 'closed', servers: [name] });
    if (typeof name !== 'string' || name === '') throw new ClientGroupError('A server of a group needs a non-empty name', { reason: 'invalid-server' });
    if (this.entries.has(name)) throw new ClientGroupError(`The group already has a server named "${name}"`, { reason: 'invalid-server', servers: [name] });
    const owned = !isClient(member);
    const client = isClient(member) ? member : createClient(member, clientOptions(this.options, name));
    const leave = new Subject<void>();
    this.entries.set(name, { name, client, owned, removed$: leave.asObservable(), leave });
    this.publish();
    return client;
  }

  /** Publishes the list without the member, ends its streams in the group, then closes a client the group created. */
  remove(name: string): boolean {
    const entry = this.entries.get(name);
    if (entry === undefined) return false;
    this.entries.delete(name);
    // The new list first: the merged catalogs drop the server's items at once instead of showing it as loading.
    this.publish();
    entry.leave.next();
    entry.leave.complete();
    if (entry.owned) entry.client.close();
    return true;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const name of [...this.entries.keys()]) this.remove(name);
    this.list.complete();
  }

  private publish(): void {
    this.list.next([...this.entries.values()]);
  }
}
