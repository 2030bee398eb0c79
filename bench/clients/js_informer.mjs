// The official JavaScript client's informer (@kubernetes/client-node), as a
// user writes it: makeInformer over listXForAllNamespaces, a cache of full
// objects. Prints, each line flushed as the harness reads it:
//   READY            modules loaded, about to start the informer
//   SYNC <n>         the n-th "add" arrived (n = N): the initial list is cached
//   SETTLED          after a full GC (when run with --expose-gc), for the RSS
//   DONE <m>         the m-th "update" arrived (m = M); then it exits
// usage: node js_informer.mjs SERVER KIND N M
import { writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(join(here, '..', 'node', 'package.json'));
const k8s = await import(require.resolve('@kubernetes/client-node'));

const [server, kind, nArg, mArg] = process.argv.slice(2);
const N = Number(nArg), M = Number(mArg);
const kc = new k8s.KubeConfig();
kc.loadFromOptions({
  clusters: [{ name: 'bench', server, skipTLSVerify: true }],
  users: [{ name: 'bench' }],
  contexts: [{ name: 'bench', cluster: 'bench', user: 'bench' }],
  currentContext: 'bench',
});
const api = kc.makeApiClient(k8s.CoreV1Api);
const path = kind === 'pods' ? '/api/v1/pods' : '/api/v1/configmaps';
let listed = false;
const listFn = async () => {
  const l = kind === 'pods' ? await api.listPodForAllNamespaces() : await api.listConfigMapForAllNamespaces();
  listed = true;
  if (N === 0) { setImmediate(synced); }   // no add will come
  return l;
};
const out = (s) => writeSync(1, s + '\n');   // synchronous: nothing lost at exit
let adds = 0, updates = 0, done = false;
function synced() {
  out('SYNC ' + adds);
  if (M === 0) {
    setImmediate(() => { if (global.gc) { global.gc(); } out('SETTLED'); });
  }
}
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
informer.on('error', (e) => { process.stderr.write('js_informer: error ' + (e && e.message) + '\n'); });
out('READY');
informer.start();
