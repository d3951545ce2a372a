import type { Context, Env, MiddlewareHandler } from 'hono';

/**
 * Runs middleware in order, as Hono chains a route's handlers, the last one
 * answering: for a chain decided at the request (the page steps and the
 * document; a form's steps, loaded with the form code). Returns the answer.
 */
export async function runSteps<E extends Env>(c: Context<E>, steps: readonly MiddlewareHandler<E>[]): Promise<Response> {
  const dispatch = async (i: number): Promise<void> => {
    const step = steps[i];
    if (!step) return;
    const answer = await step(c, () => dispatch(i + 1));
    if (answer instanceof Response) c.res = answer;
  };
  await dispatch(0);
  return c.res;
}
