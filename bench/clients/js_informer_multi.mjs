// The factory's benchmark, client-node's side: K informers in one process,
// one per resource (r0 .. rK-1 of bench.kinformer.dev/v1, which bench/server.py
// serves with --resources K), each as a user writes it: makeInformer over
// CustomObjectsApi.listClusterCustomObject, a cache of full objects. Prints,
// each line flushed as the harness reads it:
//   READY            modules loaded, about to start the informers
//   SYNC <n>         the n-th "add" arrived (n = K * N): every list is cached
//   SETTLED          after a full GC (when run with --expose-gc), for the RSS
//   DONE <m>         the m-th "update" arrived (m = K * M); then it exits
// usage: node js_informer_multi.mjs SERVER K N M   (N and M per resource)
import { writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(here, '..', 'node', 'package.json'));
const k8s = await import(require.resolve('@kubernetes/client-node'));

const [server, kArg, nArg, mArg] = process.argv.slice(2);
const K = Number(kArg), N = Number(nArg) * K, M = Number(mArg) * K;
const group = 'bench.kinformer.dev', version = 'v1';
const kc = new k8s.KubeConfig();
kc.loadFromOptions({
  clusters: [{ name: 'bench', server, skipTLSVerify: true }],
  users: [{ name: 'bench' }],
  contexts: [{ name: 'bench', cluster: 'bench', user: 'bench' }],
  currentContext: 'bench',
});
const api = kc.makeApiClient(k8s.CustomObjectsApi);
const out = (s) => writeSync(1, s + '\n');   // synchronous: nothing lost at exit
let adds = 0, updates = 0, listed = 0, done = false, syncedOnce = false;
function synced() {
  if (syncedOnce) { return; }
  syncedOnce = true;
  out('SYNC ' + adds);
  if (M === 0) {
    setImmediate(() => { if (global.gc) { global.gc(); } out('SETTLED'); });
  }
}
for (let i = 0; i < K; i++) {
  const plural = 'r' + i;
  const path = '/apis/' + group + '/' + version + '/' + plural;
  const listFn = async () => {
    const l = await api.listClusterCustomObject({ group, version, plural });
    listed++;
    if (N === 0 && listed === K) { setImmediate(synced); }   // no add will come
    return l;
  };
  const informer = k8s.makeInformer(kc, path, listFn);
  informer.on('add', () => { adds++; if (adds === N) { synced(); } });
  informer.on('update', () => {
    updates++;
    if (updates === M && !done) {
      done = true;
      out('DONE ' + updates);
      process.exit(0);
    }
  });
  informer.on('error', (e) => { process.stderr.write('js_informer_multi: ' + plural + ': error ' + (e && e.message) + '\n'); });
  informer.start();
}
out('READY');
