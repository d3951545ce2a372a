import { DurableObject } from 'cloudflare:workers';
import type { Bindings } from '../env';
import type { OutboxStore } from './outbox';

type Store = OutboxStore;

/**
 * The outbox's Durable Object, as the Worker exports it (worker/index.ts):
 * a thin class whose methods are its store's (./outbox.ts, where the outbox
 * is described). workerd needs the class when the Worker starts; the store's
 * code (a module of its own) loads when the object starts, before any call reaches it
 * (blockConcurrencyWhile), so every method stays one synchronous, atomic
 * step. A page request, which starts the Worker but never the object, never
 * loads it (docs/decisions/0017). The store needs none of the site's content:
 * a submission is kept, and an error counted, even when the content's file
 * cannot be read (worker/lib/site-data.ts).
 */
export class Outbox extends DurableObject {
  #store: Store | undefined;

  constructor(ctx: DurableObjectState, env: Bindings) {
    super(ctx, env);
    void ctx.blockConcurrencyWhile(async () => {
      const { OutboxStore } = await import('./outbox');
      this.#store = new OutboxStore(ctx);
    });
  }

  get #s(): Store {
    if (!this.#store) throw new Error('The outbox is used before its store was opened');
    return this.#store;
  }

  add(...a: Parameters<Store['add']>) {
    return this.#s.add(...a);
  }
  due(...a: Parameters<Store['due']>) {
    return this.#s.due(...a);
  }
  claim(...a: Parameters<Store['claim']>) {
    return this.#s.claim(...a);
  }
  beginSend(...a: Parameters<Store['beginSend']>) {
    return this.#s.beginSend(...a);
  }
  settleSend(...a: Parameters<Store['settleSend']>) {
    return this.#s.settleSend(...a);
  }
  release(...a: Parameters<Store['release']>) {
    return this.#s.release(...a);
  }
  giveBack(...a: Parameters<Store['giveBack']>) {
    return this.#s.giveBack(...a);
  }
  resend(...a: Parameters<Store['resend']>) {
    return this.#s.resend(...a);
  }
  resendDead(...a: Parameters<Store['resendDead']>) {
    return this.#s.resendDead(...a);
  }
  remove(...a: Parameters<Store['remove']>) {
    return this.#s.remove(...a);
  }
  list(...a: Parameters<Store['list']>) {
    return this.#s.list(...a);
  }
  exportPage(...a: Parameters<Store['exportPage']>) {
    return this.#s.exportPage(...a);
  }
  checkOutage(...a: Parameters<Store['checkOutage']>) {
    return this.#s.checkOutage(...a);
  }
  claimAlerts(...a: Parameters<Store['claimAlerts']>) {
    return this.#s.claimAlerts(...a);
  }
  alertsDone(...a: Parameters<Store['alertsDone']>) {
    return this.#s.alertsDone(...a);
  }
  recordError(...a: Parameters<Store['recordError']>) {
    return this.#s.recordError(...a);
  }
  get(...a: Parameters<Store['get']>) {
    return this.#s.get(...a);
  }
  purge(...a: Parameters<Store['purge']>) {
    return this.#s.purge(...a);
  }
}

/** The one outbox of the site. */
export function outbox(env: { OUTBOX: DurableObjectNamespace<Outbox> }) {
  return env.OUTBOX.getByName('outbox');
}
