// The official JavaScript client's informer (@kubernetes/client-node, from
// bench/node), pointed at khub: makeInformer over pods of all namespaces.
// Prints "SYNC n" once listed; when the file STOP exists, "# cache N
// objects" and "KEY RV" lines sorted, then exits.
// usage: node js_watch.mjs SERVER STOP
import { writeSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(here, '..', '..', 'bench', 'node', 'package.json'));
const k8s = await import(require.resolve('@kubernetes/client-node'));
const [server, stop] = process.argv.slice(2);
const kc = new k8s.KubeConfig();
kc.loadFromOptions({
  clusters: [{ name: 'khub', server, skipTLSVerify: true }],
  users: [{ name: 'khub' }],
  contexts: [{ name: 'khub', cluster: 'khub', user: 'khub' }],
  currentContext: 'khub',
});
const api = kc.makeApiClient(k8s.CoreV1Api);
const out = (s) => writeSync(1, s + '\n');
const informer = k8s.makeInformer(kc, '/api/v1/pods', () => api.listPodForAllNamespaces());
let synced = false;
informer.on('connect', () => {
  if (!synced) { synced = true; out('SYNC ' + informer.list().length); }
});
informer.on('error', () => { setTimeout(() => informer.start(), 500); });
await informer.start();
setInterval(() => {
  if (!existsSync(stop)) { return; }
  const lines = informer.list().map((o) => o.metadata.namespace + '/' + o.metadata.name + ' ' + o.metadata.resourceVersion).sort();
  out('# cache ' + lines.length + ' objects');
  for (const l of lines) { out(l); }
  process.exit(0);
}, 200);
