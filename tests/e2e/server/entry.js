// The Worker as deployed, on the clock of ./fixed-clock.js (imported first, so
// it is in place before any module of the Worker runs). Browser tests only.
import './fixed-clock.js';

export * from '../../../worker/index.ts';
export { default } from '../../../worker/index.ts';
