/**
 * `body`, passed through unchanged, calling `done` once when it ends: read to its end, failed,
 * or cancelled (the client left). For the open event streams gauge: nothing in the tables' code
 * has to know it is counted.
 *
 * @example
 * ```ts
 * const counted = countStream(response.body!, metrics.streamOpened());
 * ```
 * @throws never.
 */
export function countStream(
  body: ReadableStream<Uint8Array>,
  done: () => void,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: end, value } = await reader.read();
        if (end) {
          done();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        done();
        controller.error(error);
      }
    },
    async cancel(reason) {
      done();
      await reader.cancel(reason);
    },
  });
}
