import { validateFileList } from '../validator/node/validate-files.js';
import { toAnswers, type JobReply, type JobRequest } from './validate-jobs.js';

/**
 * The body of a `teapurl validate --jobs N` worker thread: validates each chunk of files the main
 * thread sends and answers with their results, in order. dist/commands/validate-worker.cjs calls
 * it; node:worker_threads is loaded here, never by a validation on one thread.
 */
export async function runValidateWorker(): Promise<void> {
  const { parentPort } = await import('node:worker_threads');
  if (parentPort === null) return;
  const port = parentPort;
  port.on('message', (request: JobRequest) => {
    const results = validateFileList(request.files, request.cwd, request.maxBytes, request.kind);
    const reply: JobReply = { id: request.id, results: toAnswers(request.files, results) };
    port.postMessage(reply);
  });
}
