// worker-main-node.js — a worker session's thread in Node (worker-node.js starts it).
import { parentPort } from 'node:worker_threads';
import { openSession } from './index.js';
import { serve } from './worker-main.js';

serve({ listen: fn => parentPort.on('message', fn), post: (msg, transfer) => parentPort.postMessage(msg, transfer) }, openSession);
