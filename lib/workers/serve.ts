// The worker side of lib/workers/capped.ts: a worker entry answers the tasks it is given. The same entry runs as a
// worker thread (its parent port; one task, then the thread is stopped) or as a child process (its IPC channel).
import { parentPort } from "node:worker_threads";

/** Answers the first task sent to this worker with what `handle` gives back (`transfer`: a thread's buffers to move, not copy). */
export function serveTask<Task, Reply>(handle: (task: Task) => Promise<Reply>, transfer?: (reply: Reply) => ArrayBuffer[]): void {
  if (parentPort) {
    const port = parentPort;
    port.once("message", async (task: Task) => {
      const reply = await handle(task);
      port.postMessage(reply, transfer?.(reply) ?? []);
    });
    return;
  }
  // A child process answers every task it is sent, one at a time (its parent sends the next after the reply), until
  // the parent stops it or goes away.
  const send = process.send?.bind(process);
  if (!send) return;
  process.on("message", async (task: Task) => {
    send((await handle(task)) as object);
  });
  process.on("disconnect", () => process.exit(0));
}
