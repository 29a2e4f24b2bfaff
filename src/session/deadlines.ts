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

/** How many lengths keep their (empty) list before the empty ones are dropped. */
const KEPT_LISTS = 8;

/**
 * Deadlines of many requests on few timers: one list per length (60 s for every request under the default limit),
 * one scheduled action per list, for its head. Arming and disarming are O(1) and allocate nothing; the action is
 * cancelled when its list empties, so nothing keeps the process alive. Runs on `asyncScheduler`, so marble tests
 * drive it in virtual time.
 */
export class DeadlineQueue {
  private readonly lists = new Map<number, DeadlineList>();

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
    if (list.head === entry && list.action === undefined) this.schedule(list, ms, entry.due);
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
    list.action?.unsubscribe();
    list.action = undefined;
    // An empty list stays for the next request of its length (one request at a time would otherwise make and drop
    // a list each time); past a few lengths, the empty ones go.
    if (this.lists.size > KEPT_LISTS) this.dropEmpty();
  }

  private dropEmpty(): void {
    for (const [ms, list] of this.lists) if (list.head === undefined) this.lists.delete(ms);
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
