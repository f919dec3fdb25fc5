// worker-main-browser.js — a worker session's Web Worker (worker-browser.js starts it).
import { openSession } from './index-browser.js';
import { serve } from './worker-main.js';

serve({ listen: fn => self.addEventListener('message', e => fn(e.data)), post: (msg, transfer) => self.postMessage(msg, transfer) }, openSession);
