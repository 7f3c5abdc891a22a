/**
 * Groups concurrent calls of a hot read or write into one database statement (decision 041). On this machine a round
 * trip to the database costs far more than the statement's own work (two system calls on each side, a process woken
 * up): under load, the quotes and session checks that arrive while earlier ones are in flight go together in the
 * next statement, one round trip and one commit for all of them. At most `maxInFlight` statements run at once; when
 * fewer run, a call waits only until the end of the current turn of the event loop (calls made in the same turn
 * go together). Each call gets its own result, in its own order. `run` must be all or nothing (one statement):
 * when it fails for several calls, each is run again on its own, so one bad input fails only its own call.
 */
export function createBatcher<I, O>(
  run: (inputs: I[]) => Promise<O[]>,
  options: { maxInFlight: number; maxBatch: number },
): (input: I) => Promise<O> {
  interface Waiting {
    input: I;
    resolve: (output: O) => void;
    reject: (error: unknown) => void;
  }
  let queue: Waiting[] = [];
  let inFlight = 0;
  let scheduled = false;

  async function settle(batch: Waiting[]): Promise<void> {
    try {
      const outputs = await run(batch.map((waiting) => waiting.input));
      if (outputs.length !== batch.length)
        throw new Error(`batcher: ${outputs.length} results for ${batch.length} calls`);
      batch.forEach((waiting, i) => waiting.resolve(outputs[i] as O));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      // `run` is all or nothing (one statement): each call again on its own, so one bad input fails only its caller.
      for (const waiting of batch) await settle([waiting]);
    }
  }

  function flush(batch: Waiting[]) {
    inFlight += 1;
    void settle(batch).finally(() => {
      inFlight -= 1;
      pump();
    });
  }

  function pump() {
    scheduled = false;
    while (inFlight < options.maxInFlight && queue.length > 0) {
      const batch = queue.length <= options.maxBatch ? queue : queue.slice(0, options.maxBatch);
      queue = queue.length <= options.maxBatch ? [] : queue.slice(options.maxBatch);
      flush(batch);
    }
  }

  return (input: I) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ input, resolve, reject });
      if (!scheduled && inFlight < options.maxInFlight) {
        scheduled = true;
        setImmediate(pump);
      }
    });
}

/** One batcher per database handle (the pool or PGlite), made on first use. */
export function perDatabase<D extends object, F>(make: (db: D) => F): (db: D) => F {
  const made = new WeakMap<D, F>();
  return (db: D) => {
    let found = made.get(db);
    if (!found) {
      found = make(db);
      made.set(db, found);
    }
    return found;
  };
}
