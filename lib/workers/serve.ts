// The worker side of lib/workers/capped.ts: a worker entry answers the one task it is given, then ends.
import { parentPort } from "node:worker_threads";

/** Answers the first task posted to this worker with what `handle` gives back (`transfer`: buffers to move, not copy). */
export function serveTask<Task, Reply>(handle: (task: Task) => Promise<Reply>, transfer?: (reply: Reply) => ArrayBuffer[]): void {
  parentPort?.once("message", async (task: Task) => {
    const reply = await handle(task);
    parentPort?.postMessage(reply, transfer?.(reply) ?? []);
  });
}
