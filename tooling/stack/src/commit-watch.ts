// Every commit a Firestore client (Admin SDK) made: when Firestore answered it, and the documents it
// wrote. Every batch and transaction commits through the client's `request('commit')`, so wrapping that
// one call sees what the code itself issued; a commit Firestore refused (a precondition) wrote nothing
// and is left out. For the benches and tests that count writes per document.
import type { Firestore } from 'firebase-admin/firestore';

type CommitRequest = { writes?: Array<{ update?: { name: string }; delete?: string }> };
type Request = (method: string, request: CommitRequest, ...rest: unknown[]) => unknown;

export interface CommitWatch {
  /** Each commit taken: when it was answered (performance.now()), and the paths it wrote, once each. */
  commits: Array<{ at: number; paths: string[] }>;
  /** The client's own request again. */
  stop(): void;
}

export function watchCommits(db: Firestore): CommitWatch {
  const commits: CommitWatch['commits'] = [];
  const client = db as unknown as { request: Request };
  const send = client.request;
  client.request = function (this: unknown, method, request, ...rest) {
    const sent = send.call(client, method, request, ...rest);
    if (method === 'commit')
      void (sent as Promise<unknown>).then(
        () =>
          commits.push({
            at: performance.now(),
            paths: [
              ...new Set((request.writes ?? []).map((write) => write.update?.name ?? write.delete ?? '')),
            ],
          }),
        () => undefined,
      );
    return sent;
  };
  return {
    commits,
    stop: () => {
      client.request = send;
    },
  };
}

/** Each document's commit times, from the commits whose paths `keep` accepts. */
export function writesPerDocument(
  commits: CommitWatch['commits'],
  keep: (path: string) => boolean = () => true,
): Map<string, number[]> {
  const writes = new Map<string, number[]>();
  for (const { at, paths } of commits)
    for (const path of paths.filter(keep)) writes.set(path, [...(writes.get(path) ?? []), at]);
  return writes;
}
