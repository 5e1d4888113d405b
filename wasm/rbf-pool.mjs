// A pool of workers for the recommender: the rows of each k are independent, so workers take the next k from
// a queue (largest k first: they cost the most) and run calc.recommendRows(input, k, k); the core merges the
// rows (calc.mergeRecommendation). No model logic here — only the sharing out. The worker handles come from
// the environment: worker_threads in Node (rbf-pool-node.mjs), Web Workers on the page (web/rbf-pool.mjs).

/**
 * @param {object} o
 * @param {number} o.kMax rows k = 1..kMax
 * @param {Array<{ rows(k: number): Promise<object[]> }>} o.workers started workers (one task each at a time)
 * @param {(done: number, total: number, rows: object[]) => void} [o.onProgress] after each task (rows: its rows)
 * @param {{ aborted: boolean }} [o.signal] stop handing out work once aborted (the caller terminates workers)
 * @returns {Promise<object[]>} every row, in the order they finished
 */
export async function pooledRows({ kMax, workers, onProgress, signal }) {
  const queue = [];
  for (let k = kMax; k >= 1; k--) queue.push(k);
  const rows = [];
  async function drain(worker) {
    while (queue.length > 0 && !signal?.aborted) {
      const k = queue.shift();
      const done = await worker.rows(k);
      rows.push(...done);
      onProgress?.(rows.length, kMax, done);
    }
  }
  await Promise.all(workers.map(drain));
  if (signal?.aborted) throw Object.assign(new Error('cancelled'), { cancelled: true });
  return rows;
}
