import { Worker } from 'node:worker_threads';

/**
 * Runs a TypeScript worker file once with `data` and answers its first message — in a thread of
 * its own, with its own heap limit, ended when it is late: code under test (a build the release
 * gate is judging) cannot block or exhaust the thread that serves shoppers.
 */
export function runWorker<T>(file: string, data: unknown, options: { timeoutMs: number; memoryMb?: number }): Promise<T> {
  // Workers do not inherit tsx's loader: register it first, then run the TypeScript file.
  const worker = new Worker(`require('tsx/cjs/api').register(); require(${JSON.stringify(file)});`, {
    eval: true,
    workerData: data,
    resourceLimits: { maxOldGenerationSizeMb: options.memoryMb ?? 256 },
    stdout: true,
    stderr: true,
  });
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`no answer in ${options.timeoutMs} ms`));
      void worker.terminate();
    }, options.timeoutMs);
    worker.once('message', (message: T) => {
      clearTimeout(timer);
      resolve(message);
      void worker.terminate();
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    worker.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the check's thread ended (${code}) without an answer`));
    });
  });
}
