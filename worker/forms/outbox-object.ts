import { DurableObject } from 'cloudflare:workers';
import type { Bindings } from '../env';

type Store = typeof import('./outbox')['store'];
/** What a store function takes after the object's SQL storage: what its method takes. */
type Args<F> = F extends (sql: SqlStorage, ...rest: infer A) => unknown ? A : never;

/**
 * The outbox's Durable Object, as the Worker exports it (worker/index.ts):
 * a thin class whose methods are its store's functions (./outbox.ts, where
 * the outbox is described), given the object's SQL storage. workerd needs
 * the class when the Worker starts; the store's code (a module of its own)
 * loads when the object starts, and opens the outbox (its tables brought to
 * this code's version) before any call reaches it (blockConcurrencyWhile),
 * so every method stays one synchronous, atomic step. A page request, which
 * starts the Worker but never the object, never loads it
 * (docs/decisions/0017). The store needs none of the site's content: a
 * submission is kept, and an error counted, even when the content's file
 * cannot be read (worker/platform/site-data.ts).
 */
export class Outbox extends DurableObject {
  #store: Store | undefined;
  readonly #sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    this.#sql = ctx.storage.sql;
    void ctx.blockConcurrencyWhile(async () => {
      const { open, store } = await import('./outbox');
      open(ctx.storage);
      this.#store = store;
    });
  }

  get #s(): Store {
    if (!this.#store) throw new Error('The outbox is used before its store was opened');
    return this.#store;
  }

  add(...a: Args<Store['add']>) {
    return this.#s.add(this.#sql, ...a);
  }
  due(...a: Args<Store['due']>) {
    return this.#s.due(this.#sql, ...a);
  }
  claim(...a: Args<Store['claim']>) {
    return this.#s.claim(this.#sql, ...a);
  }
  beginSend(...a: Args<Store['beginSend']>) {
    return this.#s.beginSend(this.#sql, ...a);
  }
  settleSend(...a: Args<Store['settleSend']>) {
    return this.#s.settleSend(this.#sql, ...a);
  }
  release(...a: Args<Store['release']>) {
    return this.#s.release(this.#sql, ...a);
  }
  giveBack(...a: Args<Store['giveBack']>) {
    return this.#s.giveBack(this.#sql, ...a);
  }
  resend(...a: Args<Store['resend']>) {
    return this.#s.resend(this.#sql, ...a);
  }
  resendDead(...a: Args<Store['resendDead']>) {
    return this.#s.resendDead(this.#sql, ...a);
  }
  remove(...a: Args<Store['remove']>) {
    return this.#s.remove(this.#sql, ...a);
  }
  list(...a: Args<Store['list']>) {
    return this.#s.list(this.#sql, ...a);
  }
  exportPage(...a: Args<Store['exportPage']>) {
    return this.#s.exportPage(this.#sql, ...a);
  }
  checkOutage(...a: Args<Store['checkOutage']>) {
    return this.#s.checkOutage(this.#sql, ...a);
  }
  claimAlerts(...a: Args<Store['claimAlerts']>) {
    return this.#s.claimAlerts(this.#sql, ...a);
  }
  alertsDone(...a: Args<Store['alertsDone']>) {
    return this.#s.alertsDone(this.#sql, ...a);
  }
  recordError(...a: Args<Store['recordError']>) {
    return this.#s.recordError(this.#sql, ...a);
  }
  get(...a: Args<Store['get']>) {
    return this.#s.get(this.#sql, ...a);
  }
  purge(...a: Args<Store['purge']>) {
    return this.#s.purge(this.#sql, ...a);
  }
}

/** The one outbox of the site. */
export function outbox(env: { OUTBOX: DurableObjectNamespace<Outbox> }) {
  return env.OUTBOX.getByName('outbox');
}
