/** Global set-ups seed the database at the time their project's tests will run at (TULIP_NOW in the project's env). */
import type { TestProject } from 'vitest/node';
import { setClock, startClock } from '../src/platform/clock';

export async function atProjectClock<T>(project: TestProject, work: () => Promise<T>): Promise<T> {
  // a copy: the project's anchor is already in its env, and the run's own environment stays as it is
  startClock({ ...process.env, ...(project.config.env as Record<string, string> | undefined) });
  try {
    return await work();
  } finally {
    setClock(null);
  }
}
