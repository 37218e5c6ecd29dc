/**
 * Runs `work` on every item, two at a time: the build's and the import's image work (resvg,
 * sharp, a Worker's transformations) runs off the main thread, and this machine has two cores.
 * The first failure rejects, after the running items end.
 */
export async function twoAtATime<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const next = async (): Promise<void> => {
    const item = queue.shift();
    if (item === undefined) return;
    await work(item);
    return next();
  };
  await Promise.all([next(), next()]);
}
