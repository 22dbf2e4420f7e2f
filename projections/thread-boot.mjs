// A worker thread starts without its parent's TypeScript loader: register it, then load the entry.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
