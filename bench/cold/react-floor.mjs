// Cold-start reference 2, the "React floor": Hono and react-dom/server.edge
// streaming a trivial page. No site can boot and render with React for less.
import { Hono } from 'hono';
import { createElement as h } from 'react';
import { renderToReadableStream } from 'react-dom/server.edge';

const Page = () =>
  h(
    'html',
    { lang: 'en' },
    h('head', null, h('meta', { charSet: 'utf-8' }), h('title', null, 'Floor')),
    h('body', null, h('main', null, h('h1', null, 'Hello'), h('p', null, 'A trivial page.'))),
  );

export default new Hono().get(
  '/',
  async () => new Response(await renderToReadableStream(h(Page)), { headers: { 'Content-Type': 'text/html; charset=utf-8' } }),
);
