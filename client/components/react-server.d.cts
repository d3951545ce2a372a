export { renderToReadableStream } from 'react-dom/server.edge';
