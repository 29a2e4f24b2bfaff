import { asyncScheduler, type SchedulerAction, type Subscription } from 'rxjs';

/** An entry of a `DeadlineQueue`: the queue links it in place, so arming it allocates nothing. */
export abstract class Deadline {
  /** When it expires, in `asyncScheduler` time. */
  due = 0;
  list: DeadlineList | undefined;
  prev: Deadline | undefined;
  next: Deadline | undefined;

  /** Called once, when the deadline passes while armed. */
  abstract expire(): void;
}

/** The armed deadlines of one length, oldest first: armed later means due later, so the head is due first. */
class DeadlineList {
  head: Deadline | undefined;
  tail: Deadline | undefined;
  action: Subscription | undefined;
  /** When the scheduled action runs. */
  actionDue = 0;

  constructor(readonly queue: DeadlineQueue, readonly ms: number) {}
}

function runList(this: SchedulerAction<DeadlineList>, list?: DeadlineList): void {
  list?.queue.expire(list);
}

/** The host timer of a scheduled action: a Node `Timeout` under `asyncScheduler` (a number in browsers, none in virtual time). */
interface HostTimer {
  ref?(): unknown;
  unref?(): unknown;
}

/** The Node timer behind a scheduled action, when it has one that can stop keeping the process alive. */
function hostTimer(action: Subscription): Required<HostTimer> | undefined {
  const timer = (action as Subscription & { id?: HostTimer }).id;
  if (typeof timer !== 'object' || timer === null || typeof timer.ref !== 'function' || typeof timer.unref !== 'function') return undefined;
  return timer as Required<HostTimer>;
}

/** How many lengths keep their (empty) list before the empty ones are dropped. */
const KEPT_LISTS = 8;

/**
 * Deadlines of many requests on few timers: one list per length (60 s for every request under the default limit),
 * one scheduled action per list, for its head. Arming and disarming are O(1) and allocate nothing. In Node, an action
 * whose list empties stays scheduled, its timer no longer keeping the process alive, so that requests one after the
 * other arm no timer of their own: the next request of that length takes it over (an action due before a head's
 * deadline finds nothing due and waits again for the head), and when it runs with its list still empty it ends.
 * Elsewhere (browsers, virtual time) the action is cancelled when its list empties, as nothing else would tell it
 * from a pending deadline. `close()` cancels the actions of the empty lists, and from then on an emptied list's action
 * is cancelled at once. Runs on `asyncScheduler`, so marble tests drive it in virtual time.
 */
export class DeadlineQueue {
  private readonly lists = new Map<number, DeadlineList>();
  private closed = false;

  /** Arms `entry` to expire `ms` from now (re-arming an armed entry moves it). */
  add(entry: Deadline, ms: number): void {
    this.remove(entry);
    let list = this.lists.get(ms);
    if (list === undefined) {
      list = new DeadlineList(this, ms);
      this.lists.set(ms, list);
    }
    entry.due = asyncScheduler.now() + ms;
    entry.list = list;
    entry.prev = list.tail;
    entry.next = undefined;
    if (list.tail === undefined) list.head = entry;
    else list.tail.next = entry;
    list.tail = entry;
    if (list.head !== entry) return;
    if (list.action === undefined) this.schedule(list, ms, entry.due);
    else hostTimer(list.action)?.ref();
  }

  /** Disarms `entry`; nothing happens when it is not armed. */
  remove(entry: Deadline): void {
    const list = entry.list;
    if (list === undefined) return;
    if (entry.prev === undefined) list.head = entry.next;
    else entry.prev.next = entry.next;
    if (entry.next === undefined) list.tail = entry.prev;
    else entry.next.prev = entry.prev;
    entry.list = undefined;
    entry.prev = undefined;
    entry.next = undefined;
    if (list.head !== undefined) return;
    // An empty list stays for the next request of its length, its action too (one request at a time would
    // otherwise make and drop a list and a timer each time); past a few lengths, the empty ones go.
    const timer = list.action === undefined || this.closed ? undefined : hostTimer(list.action);
    if (timer === undefined) this.cancel(list);
    else timer.unref();
    if (this.lists.size > KEPT_LISTS) this.dropEmpty();
  }

  /** Cancels the actions left scheduled for empty lists; from now on an emptied list's action is cancelled at once. */
  close(): void {
    this.closed = true;
    this.dropEmpty();
  }

  private cancel(list: DeadlineList): void {
    list.action?.unsubscribe();
    list.action = undefined;
  }

  private dropEmpty(): void {
    for (const [ms, list] of this.lists) {
      if (list.head !== undefined) continue;
      this.cancel(list);
      this.lists.delete(ms);
    }
  }

  /** Runs when a list's action is due: expires every entry due by then, then waits for the next head. */
  expire(list: DeadlineList): void {
    list.action = undefined;
    const now = Math.max(asyncScheduler.now(), list.actionDue);
    for (let entry = list.head; entry !== undefined && entry.due <= now; entry = list.head) {
      this.remove(entry);
      entry.expire();
    }
    const head = list.head;
    if (head !== undefined && list.action === undefined) this.schedule(list, head.due - now, head.due);
  }

  private schedule(list: DeadlineList, delay: number, due: number): void {
    list.actionDue = due;
    list.action = asyncScheduler.schedule<DeadlineList>(runList, Math.max(0, delay), list);
  }
}
