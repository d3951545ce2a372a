/**
 * The outbound calls one invocation (a request, a cron run) may make, as the
 * Workers plan allows them (developers.cloudflare.com/workers/platform/limits,
 * "Subrequests"; docs/decisions/0014): every `fetch` counts (MailChannels,
 * siteverify, the chat), and calls to Cloudflare's own services (Durable
 * Objects, KV) count against a separate limit of their own. Past either,
 * the platform throws; that throw is never a provider's failure.
 *
 * A `Budget` counts what the code spends and says beforehand whether a step
 * still fits, so a run stops early, cleanly, instead of being cut off
 * mid-step by the platform.
 */
export const PLAN_LIMITS = {
  /** Workers Free: 50 fetches per invocation; 1,000 calls to Cloudflare services. */
  free: { fetch: 50, internal: 1000 },
  /** Workers Paid (Standard): 10,000 fetches per invocation; Cloudflare services kept at 1,000, the documented floor. */
  paid: { fetch: 10_000, internal: 1000 },
} as const;
export type Plan = keyof typeof PLAN_LIMITS;
export const PLANS = Object.keys(PLAN_LIMITS) as Plan[];

export type CallKind = keyof (typeof PLAN_LIMITS)[Plan];
export type Calls = Partial<Record<CallKind, number>>;

/** Our own stop, before the platform's: the call was not made. */
class OverBudget extends Error {
  override name = 'OverBudget';
}

/**
 * True for our own stop and for the platform's throw past its limit
 * ("Too many subrequests." for fetch, "Too many API requests by single
 * worker invocation." for Cloudflare services).
 */
export function isCallLimit(error: unknown): boolean {
  if (error instanceof OverBudget) return true;
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && /too many (subrequests|api requests)/i.test(message);
}

export class Budget {
  private readonly used: Record<CallKind, number> = { fetch: 0, internal: 0 };

  constructor(private readonly limits: Record<CallKind, number>) {}

  static forPlan(plan: Plan): Budget {
    return new Budget(PLAN_LIMITS[plan]);
  }

  left(kind: CallKind): number {
    return this.limits[kind] - this.used[kind];
  }

  spent(kind: CallKind): number {
    return this.used[kind];
  }

  /** Whether `calls` still fit, with `reserve` kept back for later. */
  fits(calls: Calls, reserve: Calls = {}): boolean {
    return (['fetch', 'internal'] as const).every((k) => (calls[k] ?? 0) + (reserve[k] ?? 0) <= this.left(k));
  }

  /** Counts one call, or throws OverBudget (nothing called) when none is left. */
  take(kind: CallKind): void {
    if (this.left(kind) <= 0) throw new OverBudget(`the plan's ${this.limits[kind]} ${kind} calls of this invocation are spent`);
    this.used[kind]++;
  }

  /** `fetch`, counted. */
  readonly fetch: typeof fetch = (input, init) => {
    this.take('fetch');
    return fetch(input, init);
  };

  /**
   * A Durable Object stub whose every method call is counted before it is
   * made (an `internal` call each).
   */
  meter<T extends object>(stub: T): T {
    return new Proxy(stub, {
      get: (target, key) => {
        // The stub as `this`, for a getter too (a getter of an RPC stub refuses any other receiver).
        const value = Reflect.get(target, key);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          this.take('internal');
          // Reflect.apply, not value.apply: an RPC stub would take `apply` for a method of the object.
          return Reflect.apply(value as (...a: unknown[]) => unknown, target, args);
        };
      },
    });
  }
}
