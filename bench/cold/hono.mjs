// Cold-start reference 1: the smallest Hono Worker, a hello world.
import { Hono } from 'hono';

export default new Hono().get('/', (c) => c.text('Hello'));
