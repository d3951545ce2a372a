'use strict';
// React's streaming server renderer alone. `react-dom/server.edge` also
// requires React's legacy renderer (renderToString), a second copy of React's
// server that every cold isolate would parse for nothing; the package's
// exports name no file with the streaming one alone, so it is required here
// by path, development or production as the bundler's NODE_ENV says.
// Types: react-server.d.cts. Used through client/components/static-markup.ts
// and worker/render/render.tsx.
module.exports =
  process.env.NODE_ENV === 'production'
    ? require('../../node_modules/react-dom/cjs/react-dom-server.edge.production.js')
    : require('../../node_modules/react-dom/cjs/react-dom-server.edge.development.js');
