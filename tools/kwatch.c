/* kwatch - a tiny `kubectl get -w` on kinformer. `kwatch --help` for usage. */
#define _POSIX_C_SOURCE 200809L
#define KINFORMER_IMPLEMENTATION
#include "../kinformer.h"
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define KWATCH_EXIT_OK 0
#define KWATCH_EXIT_FAIL 1
#define KWATCH_EXIT_USAGE 2
#define KWATCH_EXIT_CAPACITY 3
#define KWATCH_CONFIG_WORK (1u << 20) /* kubeconfig file and its decoded certificates */

/* --help: this, each option's lines from kw_opts (in its order), then usage_tail */
static const char* usage_head =
    "usage: kwatch [options] RESOURCE[,RESOURCE...] | --all\n"
    "Watches Kubernetes objects through kinformer and prints each change.\n"
    "\n"
    "  RESOURCE               pods, configmaps, secrets, services, nodes, namespaces, events, ...\n"
    "                         (core/v1 plurals) or an API path such as /apis/apps/v1/deployments\n"
    "                         or /apis/example.com/v1/widgets; any other name as kubectl takes it\n"
    "                         (po, deploy, Pod, deployments.apps, widgets.example.com), resolved\n"
    "                         by discovery. Several, comma-separated, are watched on one loop and\n"
    "                         each line names its resource: \"ADDED pods ns/name RV\", and the\n"
    "                         dump \"RESOURCE key RV\" (JSON lines gain \"resource\")\n";
static const char* usage_tail =
    "\n"
    "Each output line is flushed as it is written. SIGINT and SIGTERM stop kwatch cleanly\n"
    "(the dump is still printed). SIGUSR1 prints the dump at once, then \"# end cache\",\n"
    "and kwatch goes on.\n"
    "Exit status: 0 success, 1 failure, 2 usage error, 3 a capacity was exceeded (an object\n"
    "larger than --max-object-bytes, --store-bytes or --max-objects full).\n";

static kinf_informer_t* g_inf;
#ifndef KINF_NO_FACTORY
static kinf_factory_t* g_fac; /* several resources, or one resolved by discovery */
#else
#define g_fac ((void*)0)      /* a build without discovery and the factory (kwatch-small) */
#define kinf_factory_stop(f) ((void)(f))
#endif
#ifndef KINF_NO_FACTORY
/* --max-objects RES=N, --store-bytes RES=B, --max-object-bytes RES=B: one row per resource */
#define KW_MAX_CAPS 64
static kinf_factory_caps_t g_caps[KW_MAX_CAPS];
static int g_ncaps;
#endif
static int g_multi;           /* lines name their resource */
static int g_all, g_max_informers, g_rediscover_ms;
static volatile sig_atomic_t g_signal;
static int g_output; /* 0 name, 1 json, 2 none */
static long g_max_events = -1, g_events;
static int g_verbose;
/* the other settings of kwatch's own; the library's go in the descriptor */
static const char* g_kubeconfig;
static const char* g_context;
static const char* g_sa_dir;
static double g_timeout = -1;
static int g_exit_after_sync, g_dump, g_stats;
static const char* g_snapshot;  /* --snapshot FILE */
#ifndef KINF_NO_WATCH_LIST
static const char* g_watch_list; /* --watch-list auto|on|off */
#endif
#ifndef KINF_NO_SNAPSHOT
#define KW_STALE(inf) kinf_snapshot_stale((inf), 0) /* --exit-after-sync waits until the server confirmed the snapshot */
#else
#define KW_STALE(inf) 0
#endif
static int g_snapshot_interval = 30;
static double g_tls_time = -1; /* --tls-time: a Unix time for certificate dates, -1 none */
static int64_t tls_time(void* user) { (void)user; return (int64_t)g_tls_time; }

static volatile sig_atomic_t g_dump_now;
static void on_signal(int sig) { g_signal = sig; if (g_fac) { kinf_factory_stop(g_fac); } else if (g_inf) { kinf_stop(g_inf); } }
static void on_usr1(int sig) { (void)sig; g_dump_now = 1; }

static void count_event(kinf_informer_t* inf) {
    g_events++;
    if (g_max_events >= 0 && g_events >= g_max_events) { if (g_fac) { kinf_factory_stop(g_fac); } else { kinf_stop(inf); } }
}
/* The object's JSON with its identity in metadata: a projected object does
   not repeat the identity in its JSON (the object's fields hold it), so it
   goes back in front of the kept metadata members. */
static void print_object(const kinf_object_t* o) {
    kinf_value_t md, nm;
    const char* j = o->json;
    size_t at;
    int has_md;
    if (kinf_field(o, "metadata.name", &nm) && nm.ptr >= j && nm.ptr < j + o->json_len) { fputs(j, stdout); return; }
    has_md = kinf_field(o, "metadata", &md) && md.type == KINF_VOBJECT;
    at = has_md ? (size_t)(md.ptr - j) + 1 : 1; /* after the '{' that opens metadata, or the object */
    fwrite(j, 1, at, stdout);
    if (!has_md) { fputs("\"metadata\":{", stdout); }
    printf("\"name\":\"%s\"", o->name);
    if (o->namespace_[0]) { printf(",\"namespace\":\"%s\"", o->namespace_); }
    if (o->uid[0]) { printf(",\"uid\":\"%s\"", o->uid); }
    printf(",\"resourceVersion\":\"%s\"", o->resource_version);
    if (!has_md) { putchar('}'); }
    if (j[at] != '}') { putchar(','); }
    fputs(j + at, stdout);
}
/* res: the resource's name, on every line when several are watched */
static void print_event(const char* type, const kinf_object_t* o, int fsu, const char* res) {
    if (!g_multi) { res = 0; }
    if (g_output == 0) {
        printf("%s%s %s%s%s %s\n", type, fsu ? "!" : "", res ? res : "", res ? " " : "", o->key, o->resource_version);
    } else if (g_output == 1) {
        printf("{\"type\":\"%s\",%s%s%s%s%s\"object\":", type, res ? "\"resource\":\"" : "", res ? res : "", res ? "\"," : "",
               fsu ? "\"finalStateUnknown\":true," : "", (o->flags & KINF_OBJ_IDENTITY_ONLY) ? "\"oversized\":true," : "");
        print_object(o);
        fputs("}\n", stdout);
    }
    fflush(stdout);
}
static void on_add(kinf_informer_t* inf, const kinf_object_t* o, void* u) {
    if (g_max_events >= 0 && g_events >= g_max_events) { return; }
    print_event("ADDED", o, 0, (const char*)u); count_event(inf);
}
static void on_update(kinf_informer_t* inf, const kinf_object_t* old, const kinf_object_t* o, void* u) {
    (void)old;
    if (g_max_events >= 0 && g_events >= g_max_events) { return; }
    print_event("MODIFIED", o, 0, (const char*)u); count_event(inf);
}
/* an object that did not fit: its identity only, on the line its change would
   have had (json adds "oversized":true); the exit status says 3 */
static void on_oversized(kinf_informer_t* inf, const kinf_object_t* old, const kinf_object_t* o, void* u) {
    if (g_max_events >= 0 && g_events >= g_max_events) { return; }
    print_event(old ? "MODIFIED" : "ADDED", o, 0, (const char*)u); count_event(inf);
}
static void on_delete(kinf_informer_t* inf, const kinf_object_t* o, int fsu, void* u) {
    if (g_max_events >= 0 && g_events >= g_max_events) { return; }
    print_event("DELETED", o, fsu, (const char*)u); count_event(inf);
}
static uint32_t g_final; /* an error retrying cannot fix (kinf_log_item_is_final) */
static void logger(const char* tag, uint32_t level, uint32_t item, const char* msg, uint32_t line, const char* file, void* user) {
    int named = g_multi && tag && strcmp(tag, "kinformer"); /* an informer's line names its resource */
    (void)line; (void)file; (void)user;
    if (level <= KINF_LOG_ERROR && kinf_log_item_is_final(item) && !g_final) { g_final = item; }
    if (level > KINF_LOG_WARN && !g_verbose) { return; }
    fprintf(stderr, "kwatch: %s %s: %s%s%s\n", level <= KINF_LOG_ERROR ? "error" : level == KINF_LOG_WARN ? "warning" : "info",
            kinf_log_item_name(item), named ? tag : "", named ? ": " : "", msg ? msg : "");
}

static int usage_error(const char* what, const char* arg) {
    fprintf(stderr, "kwatch: %s%s%s\n", what, arg ? ": " : "", arg ? arg : "");
    fprintf(stderr, "Try 'kwatch --help'.\n");
    return KWATCH_EXIT_USAGE;
}
static int parse_num(const char* s, double* out) {
    char* end;
    double v;
    if (!s || !*s) { return 0; }
    v = strtod(s, &end);
    if (*end || v < 0) { return 0; }
    *out = v;
    return 1;
}
/* The options: each is written once here, with where its value goes and its
   lines of --help. */
enum {
    KW_HELP,                       /* print --help and exit */
    KW_SET, KW_CLEAR,              /* no value: the int is set to 1, or to 0 */
    KW_STR,                        /* a string, kept as it is in argv */
    KW_OUTPUT,                     /* name, json or none: 0, 1 or 2 */
    KW_KEEP, KW_DROP,              /* a comma list of JSON paths */
    KW_LONG, KW_DOUBLE, KW_INT, KW_SIZE, KW_MS /* a non-negative number; KW_MS: seconds into int ms */
};
typedef struct kw_opt {
    const char* name;              /* "-n", or the long name when there is no short one */
    const char* alias;             /* "--namespace", or 0 */
    int kind;                      /* KW_* */
    size_t field;                  /* where the value goes: this offset in the descriptor, */
    void* var;                     /* or this variable of kwatch's own when not 0 */
    const char* help;              /* its lines of --help; 0: the option before describes it */
} kw_opt;
#define KW_DESC(f) offsetof(kinf_desc_t, f), 0
#ifndef KINF_NO_FACTORY
#define KW_CAPS_HELP \
      "                         RES=N: one resource's (repeat the option for each, e.g.\n" \
      "                         --max-objects pods=50 --max-objects configmaps=2000); N: the rest's\n"
#else
#define KW_CAPS_HELP
#endif
#define KW_VAR(v) 0, (void*)&(v)
#define KW_NONE 0, 0
static const kw_opt kw_opts[] = {
    { "-n", "--namespace", KW_STR, KW_DESC(namespace_), "  -n, --namespace NS     one namespace (default: all)\n" },
    { "-l", "--selector", KW_STR, KW_DESC(label_selector), "  -l, --selector SEL     label selector\n" },
    { "--field-selector", 0, KW_STR, KW_DESC(field_selector), "  --field-selector SEL   field selector\n" },
    { "-s", "--server", KW_STR, KW_DESC(server), "  -s, --server URL       the API server, http:// or https://\n" },
    { "--token", 0, KW_STR, KW_DESC(token),
      "  --token T | --token-file F\n"
      "                         bearer token; the file is re-read every 60 s and after a 401\n" },
    { "--token-file", 0, KW_STR, KW_DESC(token_file), 0 },
    { "--kubeconfig", 0, KW_STR, KW_VAR(g_kubeconfig),
      "  --kubeconfig F         read this kubeconfig (default: $KUBECONFIG's first file, else ~/.kube/config)\n" },
    { "--context", 0, KW_STR, KW_VAR(g_context), "  --context C            use this kubeconfig context (default: current-context)\n" },
    { "--certificate-authority", 0, KW_STR, KW_DESC(ca_file),
      "  --certificate-authority F   PEM bundle of CAs that sign the server's certificate\n" },
    { "--client-certificate", 0, KW_STR, KW_DESC(client_cert_file),
      "  --client-certificate F, --client-key F   client certificate authentication (PEM; RSA or EC)\n" },
    { "--client-key", 0, KW_STR, KW_DESC(client_key_file), 0 },
    { "--insecure-skip-tls-verify", 0, KW_SET, KW_DESC(insecure_skip_tls_verify),
      "  --insecure-skip-tls-verify  do not verify the server certificate (warned on every connect)\n" },
    { "--tls-server-name", 0, KW_STR, KW_DESC(tls_server_name),
      "  --tls-server-name N    the name to check the server certificate against (and send as SNI)\n" },
    { "--tls-time", 0, KW_DOUBLE, KW_VAR(g_tls_time),
      "  --tls-time SECONDS     check certificate dates as at this Unix time (UTC) instead of the\n"
      "                         system clock: for a device whose clock is not set\n" },
    { "--service-account-dir", 0, KW_STR, KW_VAR(g_sa_dir),
      "  --service-account-dir D  in-cluster: read token, ca.crt and namespace from D\n"
      "                         (default /var/run/secrets/kubernetes.io/serviceaccount)\n"
      "                         With no --server, --kubeconfig or --context: the in-cluster service\n"
      "                         account when KUBERNETES_SERVICE_HOST is set, else the kubeconfig.\n"
      "                         Explicit flags override the configuration's values.\n" },
    { "-o", "--output", KW_OUTPUT, KW_VAR(g_output),
      "  -o name|json|none      name: one line per handler event, \"ADDED ns/name RV\" (also\n"
      "                         MODIFIED, DELETED, and DELETED! for a final-state-unknown delete);\n"
      "                         json: the event as one JSON line {\"type\":..,\"object\":..}\n"
      "                         (a final-state-unknown delete adds \"finalStateUnknown\":true, an\n"
      "                         object too large to keep \"oversized\":true and its identity only)\n" },
    { "--exit-after-sync", 0, KW_SET, KW_VAR(g_exit_after_sync),
      "  --exit-after-sync      exit 0 once the initial list is cached, printing \"# synced N objects\"\n" },
    { "--max-events", 0, KW_LONG, KW_VAR(g_max_events), "  --max-events N         exit after N handler events\n" },
    { "--timeout", 0, KW_DOUBLE, KW_VAR(g_timeout), "  --timeout SECONDS      exit after this long\n" },
    { "--dump-on-exit", 0, KW_SET, KW_VAR(g_dump),
      "  --dump-on-exit         on exit print \"# cache N objects\", then \"key RV\" per object sorted by key\n" },
    { "--stats", 0, KW_SET, KW_VAR(g_stats), "  --stats                on exit print counters and memory used/capacity to stderr\n" },
    { "--snapshot", 0, KW_STR, KW_VAR(g_snapshot),
      "  --snapshot FILE        the cache persisted: loaded at start when FILE is there (its objects\n"
      "                         served at once, then watched on from its resourceVersion with no\n"
      "                         LIST), written atomically when it changed, at most every\n"
      "                         --snapshot-interval seconds, and at exit (one RESOURCE only)\n" },
    { "--snapshot-interval", 0, KW_INT, KW_VAR(g_snapshot_interval),
      "  --snapshot-interval S  seconds between two snapshot writes at least (default 30)\n" },
    { "--keep", 0, KW_KEEP, KW_NONE,
      "  --keep PATH[,PATH...]  project each object to these JSON paths (identity metadata\n"
      "                         always kept), e.g. --keep metadata.labels,spec.nodeName,status.phase\n" },
    { "--drop", 0, KW_DROP, KW_NONE,
      "  --drop PATH[,PATH...]  drop these paths (metadata.managedFields is dropped by default)\n" },
    { "--keep-managed-fields", 0, KW_SET, KW_DESC(no_default_drop),
      "  --keep-managed-fields  keep metadata.managedFields (stored with the object, as client-go does)\n" },
    { "--max-objects", 0, KW_INT, KW_DESC(max_objects),
      "  --max-objects N, --max-object-bytes B, --store-bytes B    memory capacities\n"
      "                         (defaults 16384 objects, 1 MiB per object, 32 MiB of objects)\n" KW_CAPS_HELP },
    { "--max-object-bytes", 0, KW_SIZE, KW_DESC(max_event_bytes), 0 },
    { "--store-bytes", 0, KW_SIZE, KW_DESC(store_bytes), 0 },
    { "--read-bytes", 0, KW_SIZE, KW_DESC(read_bytes),
      "  --read-bytes B         socket read buffer (default 1 MiB; 0: the library's 16 KiB)\n" },
    { "--fifo", 0, KW_INT, KW_DESC(fifo_capacity), "  --fifo N               stop reading the socket when N keys wait for delivery\n" },
    { "--no-prefault", 0, KW_CLEAR, KW_DESC(prefault_store),
      "  --no-prefault          take a page fault per store page instead of faulting the store in\n"
      "                         batches ahead of its top (Linux; see kinformer.h MEMORY)\n" },
    { "--list-limit", 0, KW_INT, KW_DESC(list_limit), "  --list-limit N         LIST page size (default 500)\n" },
    { "--idle-timeout", 0, KW_MS, KW_DESC(idle_timeout_ms),
      "  --idle-timeout SECONDS reconnect when the server sends nothing this long (default 90)\n" },
    { "--watch-timeout", 0, KW_INT, KW_DESC(watch_timeout_s),
      "  --watch-timeout SECONDS  timeoutSeconds of each watch (default random 300-600)\n" },
    { "--resync", 0, KW_MS, KW_DESC(resync_period_ms),
      "  --resync SECONDS       deliver every cached object again as MODIFIED this often\n" },
    { "-v", "--verbose", KW_SET, KW_VAR(g_verbose),
      "  -v, --verbose          log informational items to stderr (warnings and errors always)\n" },
    { "--all", 0, KW_SET, KW_VAR(g_all),
      "  --all                  every resource the server has that can be listed and watched (CRDs\n"
      "                         too; only namespaced ones with -n), and those that appear later\n" },
    { "--rediscover", 0, KW_MS, KW_VAR(g_rediscover_ms),
      "  --rediscover SECONDS   with --all: run discovery again this often (default 30)\n" },
    { "--max-informers", 0, KW_INT, KW_VAR(g_max_informers),
      "  --max-informers N      informers for several resources (default: one per RESOURCE, 64 with --all);\n"
      "                         each has the memory capacities above\n" },
#ifndef KINF_NO_WATCH_LIST
    { "--watch-list", 0, KW_STR, KW_VAR(g_watch_list),
      "  --watch-list auto|on|off  list through one watch with sendInitialEvents (KEP-3157). auto\n"
      "                         (default): LIST+WATCH from then on once the server refuses it or\n"
      "                         does not end the initial events; on: tried at every relist, each\n"
      "                         failure falls back to LIST for that one; off: LIST, then WATCH\n" },
#endif
#ifndef KINF_NO_METADATA_ONLY
    { "--metadata-only", 0, KW_SET, KW_DESC(metadata_only),
      "  --metadata-only        ask for PartialObjectMetadata and keep each object's metadata only\n"
      "                         (--keep paths must lie under metadata)\n" },
#endif
#ifndef KINF_NO_GZIP
    { "--no-gzip", 0, KW_SET, KW_DESC(no_gzip),
      "  --no-gzip              lists without Accept-Encoding: gzip (asked for by default; the\n"
      "                         server compresses lists over 128 KiB), and no inflater memory\n" },
#endif
    { "-h", "--help", KW_HELP, KW_NONE, "  -h, --help             this text\n" },
};
#undef KW_DESC
#undef KW_VAR
#undef KW_NONE
#undef KW_CAPS_HELP
/* the option named a, or 0 */
static const kw_opt* find_opt(const char* a) {
    size_t k;
    for (k = 0; k < sizeof(kw_opts) / sizeof(kw_opts[0]); k++) {
        if (!strcmp(a, kw_opts[k].name) || (kw_opts[k].alias && !strcmp(a, kw_opts[k].alias))) { return &kw_opts[k]; }
    }
    return 0;
}
static void print_usage(void) {
    size_t k;
    fputs(usage_head, stdout);
    for (k = 0; k < sizeof(kw_opts) / sizeof(kw_opts[0]); k++) {
        if (kw_opts[k].help) { fputs(kw_opts[k].help, stdout); }
    }
    fputs(usage_tail, stdout);
}
/* where option o puts its value: a field of d, or a variable of kwatch's */
static void* opt_target(const kw_opt* o, kinf_desc_t* d) { return o->var ? o->var : (void*)((char*)d + o->field); }
static int opt_takes_value(const kw_opt* o) { return o->kind != KW_HELP && o->kind != KW_SET && o->kind != KW_CLEAR; }
/* a number option's value n stored as its kind says */
static void opt_set_num(const kw_opt* o, void* t, double n) {
    switch (o->kind) {
    case KW_LONG: *(long*)t = (long)n; break;
    case KW_DOUBLE: *(double*)t = n; break;
    case KW_INT: *(int*)t = (int)n; break;
    case KW_SIZE: *(size_t*)t = (size_t)n; break;
    default: *(int*)t = (int)(n * 1000); break; /* KW_MS */
    }
}
#ifndef KINF_NO_FACTORY
/* RES=N for one of the three capacity options: into RES's row of g_caps. 0: not a number, or too many rows */
static int set_cap(const kw_opt* o, const char* v) {
    const char* eq = strchr(v, '=');
    double num;
    int k;
    kinf_factory_caps_t* c = 0;
    if (!eq || eq == v || !parse_num(eq + 1, &num)) { return 0; }
    for (k = 0; k < g_ncaps && !c; k++) {
        if (strlen(g_caps[k].resource) == (size_t)(eq - v) && !strncmp(g_caps[k].resource, v, (size_t)(eq - v))) { c = &g_caps[k]; }
    }
    if (!c) {
        char* name;
        if (g_ncaps >= KW_MAX_CAPS || !(name = (char*)malloc((size_t)(eq - v) + 1))) { return 0; }
        memcpy(name, v, (size_t)(eq - v)); name[eq - v] = 0;
        c = &g_caps[g_ncaps++];
        c->resource = name;
    }
    if (o->field == offsetof(kinf_desc_t, max_objects)) { c->max_objects = (int)num; }
    else if (o->field == offsetof(kinf_desc_t, store_bytes)) { c->store_bytes = (size_t)num; }
    else { c->max_event_bytes = (size_t)num; }
    return 1;
}
static void free_caps(void) {
    int k;
    for (k = 0; k < g_ncaps; k++) { free((void*)(uintptr_t)g_caps[k].resource); }
    g_ncaps = 0;
}
/* a capacity option (--max-objects, --store-bytes, --max-object-bytes) */
static int is_cap_opt(const kw_opt* o) {
    return !o->var && (o->field == offsetof(kinf_desc_t, max_objects) || o->field == offsetof(kinf_desc_t, store_bytes) ||
                       o->field == offsetof(kinf_desc_t, max_event_bytes));
}
#endif
/* splits a comma list in place; returns the count */
static int split_list(char* s, const char** out, int max) {
    int n = 0;
    char* p = s;
    while (p && *p && n < max) {
        char* c = strchr(p, ',');
        if (c) { *c = 0; }
        if (*p) { out[n++] = p; }
        p = c ? c + 1 : 0;
    }
    return n;
}
static int cmp_key(const void* a, const void* b) {
    return strcmp(((const kinf_object_t*)a)->key, ((const kinf_object_t*)b)->key);
}
/* "# cache N objects", then "key RV" per object sorted by key */
static int dump_cache(kinf_informer_t* inf) {
    int n = kinf_count(inf), k = 0, i;
    kinf_object_t* all = (kinf_object_t*)calloc((size_t)n + 1, sizeof(kinf_object_t));
    kinf_iter_t it;
    memset(&it, 0, sizeof(it));
    if (!all) { return 0; }
    while (k < n && kinf_next(inf, &it, &all[k])) { k++; }
    qsort(all, (size_t)k, sizeof(all[0]), cmp_key);
    printf("# cache %d objects\n", k);
    for (i = 0; i < k; i++) { printf("%s %s\n", all[i].key, all[i].resource_version); }
    fflush(stdout);
    free(all);
    return 1;
}
/* the six "# stats" lines of one informer */
static void print_stats(const kinf_stats_t* s, uint32_t last_error) {
    fprintf(stderr,
            "# stats events=%llu added=%llu modified=%llu deleted=%llu bookmarks=%llu\n"
            "# stats lists=%llu list_pages=%llu list_items=%llu relists=%llu watches=%llu reconnects=%llu backoffs=%llu\n"
            "# stats bytes_read=%llu bytes_written=%llu errors=%llu malformed=%llu oversized=%llu store_full=%llu dropped=%llu\n"
            "# stats delivered adds=%llu updates=%llu deletes=%llu resyncs=%llu\n"
            "# stats objects=%u/%u fifo=%u/%u store_used=%zu store_peak=%zu store_capacity=%zu\n"
            "# stats memory used=%zu capacity=%zu last_error=%s\n",
            (unsigned long long)s->events, (unsigned long long)s->added, (unsigned long long)s->modified,
            (unsigned long long)s->deleted, (unsigned long long)s->bookmarks, (unsigned long long)s->lists,
            (unsigned long long)s->list_pages, (unsigned long long)s->list_items, (unsigned long long)s->relists,
            (unsigned long long)s->watches, (unsigned long long)s->reconnects, (unsigned long long)s->backoffs,
            (unsigned long long)s->bytes_read, (unsigned long long)s->bytes_written, (unsigned long long)s->errors,
            (unsigned long long)s->malformed, (unsigned long long)s->oversized, (unsigned long long)s->store_full,
            (unsigned long long)s->dropped, (unsigned long long)s->delivered_adds, (unsigned long long)s->delivered_updates,
            (unsigned long long)s->delivered_deletes, (unsigned long long)s->resyncs, s->objects, s->max_objects,
            s->fifo_len, s->fifo_capacity, s->store_used, s->store_peak, s->store_capacity, s->mem_used, s->mem_capacity,
            kinf_log_item_name(last_error));
#ifndef KINF_NO_WATCH_LIST
    fprintf(stderr, "# stats watch_lists=%llu watch_list_fallbacks=%llu\n", (unsigned long long)s->watch_lists,
            (unsigned long long)s->watch_list_fallbacks);
#endif
#ifndef KINF_NO_GZIP
    fprintf(stderr, "# stats gzip_responses=%llu gzip_bytes_in=%llu gzip_bytes_out=%llu\n", (unsigned long long)s->gzip_responses,
            (unsigned long long)s->gzip_bytes_in, (unsigned long long)s->gzip_bytes_out);
#endif
}
static void install_signals(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = on_signal; /* no SA_RESETHAND: a second signal is handled the same */
    sigaction(SIGINT, &sa, 0);
    sigaction(SIGTERM, &sa, 0);
    sa.sa_handler = on_usr1;
    sigaction(SIGUSR1, &sa, 0);
    sa.sa_handler = SIG_IGN;
    sigaction(SIGPIPE, &sa, 0);
}
static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

#ifndef KINF_NO_FACTORY
/* A core/v1 plural or one API path: watched as kwatch always has, with no
   discovery. Anything else (short names, Kinds, NAME.GROUP, several, --all)
   is resolved by discovery and watched through a factory. */
static int plain_resource(const char* r) {
    static const char* const core[] = { "pods", "configmaps", "secrets", "services", "nodes", "namespaces", "events",
                                        "endpoints", "persistentvolumes", "persistentvolumeclaims", "serviceaccounts",
                                        "replicationcontrollers", "limitranges", "resourcequotas", "podtemplates", 0 };
    int k;
    if (strchr(r, ',')) { return 0; }
    if (r[0] == '/') { return 1; }
    for (k = 0; core[k]; k++) { if (!strcmp(r, core[k])) { return 1; } }
    return 0;
}
typedef struct kw_line { const char* res; kinf_object_t o; } kw_line;
static int cmp_line(const void* a, const void* b) {
    const kw_line* x = (const kw_line*)a;
    const kw_line* y = (const kw_line*)b;
    int c = strcmp(x->res, y->res);
    return c ? c : strcmp(x->o.key, y->o.key);
}
/* every informer's objects: "# cache N objects", then "RESOURCE key RV" sorted */
static int dump_factory(kinf_factory_t* f) {
    int i, n = 0, k = 0;
    kw_line* all;
    kinf_iter_t it;
    if (!g_multi) { return dump_cache(kinf_factory_at(f, 0)); }
    for (i = 0; i < kinf_factory_count(f); i++) { n += kinf_count(kinf_factory_at(f, i)); }
    all = (kw_line*)calloc((size_t)n + 1, sizeof(kw_line));
    if (!all) { return 0; }
    for (i = 0; i < kinf_factory_count(f); i++) {
        kinf_informer_t* inf = kinf_factory_at(f, i);
        kinf_resource_t r;
        if (!inf || kinf_factory_resource(f, inf, &r) != KINF_OK) { continue; }
        memset(&it, 0, sizeof(it));
        while (k < n && kinf_next(inf, &it, &all[k].o)) { all[k++].res = r.name; }
    }
    qsort(all, (size_t)k, sizeof(all[0]), cmp_line);
    printf("# cache %d objects\n", k);
    for (i = 0; i < k; i++) { printf("%s %s %s\n", all[i].res, all[i].o.key, all[i].o.resource_version); }
    fflush(stdout);
    free(all);
    return 1;
}
/* kwatch's handler on every informer of the factory, once, its resource's name as user */
static void handle_new(kinf_factory_t* f, int* handled) {
    kinf_handler_t h;
    memset(&h, 0, sizeof(h));
    h.on_add = on_add; h.on_update = on_update; h.on_delete = on_delete; h.on_oversized = on_oversized;
    for (; *handled < kinf_factory_count(f); (*handled)++) {
        kinf_informer_t* inf = kinf_factory_at(f, *handled);
        kinf_resource_t r;
        if (!inf || kinf_factory_resource(f, inf, &r) != KINF_OK) { continue; }
        h.user = (void*)(uintptr_t)r.name; /* valid for the factory's life */
        kinf_add_handler(inf, &h);
    }
}
/* Several resources (or one named as kubectl names it, or --all) on one loop:
   discovery resolves the names, a factory holds one informer each. */
static int run_factory(kinf_desc_t* d, char* list) {
    kinf_factory_desc_t fd;
    kinf_informer_req_t q;
    const char* names[64];
    int n = 0, i, handled = 0, rc = KWATCH_EXIT_OK, synced_printed = 0, total;
    size_t size;
    void* mem;
    double t0;
    uint64_t bytes = 0, oversized = 0;
    memset(&fd, 0, sizeof(fd));
    memset(&q, 0, sizeof(q));
    if (list) { n = split_list(list, names, 64); }
    if (!g_all && n == 0) { return usage_error("missing RESOURCE", 0); }
    g_multi = g_all || n > 1;
    d->tag = 0; /* an informer's log lines carry its resource's name */
    fd.base = d;
    fd.max_informers = g_max_informers ? g_max_informers : g_all ? 64 : n;
    fd.rediscover_ms = g_rediscover_ms;
    fd.caps = g_caps; fd.caps_count = g_ncaps; /* each row's share is its resource's */
    size = kinf_factory_size(&fd);
    mem = malloc(size); /* the one allocation: every informer and the discovery take their memory from here */
    if (!mem) { fprintf(stderr, "kwatch: cannot allocate %zu bytes\n", size); return KWATCH_EXIT_FAIL; }
    g_fac = kinf_factory_init(mem, size, &fd);
    if (!g_fac) { free(mem); return KWATCH_EXIT_FAIL; }
    install_signals();
    t0 = now_s();
    if (kinf_factory_discover(g_fac, g_timeout >= 0 && g_timeout < 30 ? (int)(g_timeout * 1000) + 1 : 30000) != KINF_OK) {
        kinf_discovery_t* disc = kinf_factory_discovery(g_fac);
        kinf_server_t sv = kinf_engine_server(kinf_discovery_engine(disc));
        if (!kinf_discovery_stats(disc).bytes_read) { fprintf(stderr, "kwatch: never reached the server at %s:%u\n", sv.host ? sv.host : "?", (unsigned)sv.port); }
        else { fprintf(stderr, "kwatch: giving up: discovery failed\n"); }
        kinf_factory_shutdown(g_fac); free(mem);
        return g_signal ? KWATCH_EXIT_OK : KWATCH_EXIT_FAIL;
    }
    /* a RES=N row names a resource the server has, and (without --all) one that is watched */
    for (i = 0; i < g_ncaps; i++) {
        kinf_discovery_t* disc = kinf_factory_discovery(g_fac);
        kinf_resource_t cr, r;
        int k, watched = g_all;
        char group[256];
        if (kinf_discovery_resolve(disc, g_caps[i].resource, &cr) != KINF_OK) { kinf_factory_shutdown(g_fac); free(mem); return KWATCH_EXIT_FAIL; } /* logged */
        snprintf(group, sizeof(group), "%s/%s", cr.group, cr.plural);
        for (k = 0; k < n && !watched; k++) {
            char other[256];
            if (kinf_discovery_resolve(disc, names[k], &r) != KINF_OK) { break; } /* logged again below */
            snprintf(other, sizeof(other), "%s/%s", r.group, r.plural);
            watched = !strcmp(group, other);
        }
        if (!watched) {
            kinf_factory_shutdown(g_fac); free(mem);
            fprintf(stderr, "kwatch: %s=...: %s is not one of the resources watched\n", g_caps[i].resource, g_caps[i].resource);
            return KWATCH_EXIT_USAGE;
        }
    }
    q.namespace_ = d->namespace_; q.label_selector = d->label_selector; q.field_selector = d->field_selector;
    q.keep = d->keep; q.keep_count = d->keep_count;
    if (g_all) {
        kinf_factory_all(g_fac, &q);
    } else {
        for (i = 0; i < n; i++) {
            q.resource = names[i];
            if (!kinf_factory_informer(g_fac, &q)) { kinf_factory_shutdown(g_fac); free(mem); return KWATCH_EXIT_FAIL; } /* logged */
        }
    }
    handle_new(g_fac, &handled);
    kinf_factory_start(g_fac);
    if (g_max_events == 0) { kinf_factory_stop(g_fac); }
    while (!kinf_factory_stopped(g_fac)) {
        int wait = 200;
        if (g_timeout >= 0) {
            double left = g_timeout - (now_s() - t0);
            if (left <= 0) { break; }
            if (left * 1000 < wait) { wait = (int)(left * 1000) + 1; }
        }
        kinf_factory_poll(g_fac, wait);
        handle_new(g_fac, &handled); /* --all: a resource that appeared */
        if (g_final && !g_all && !kinf_factory_has_synced(g_fac)) {
            fprintf(stderr, "kwatch: giving up: the server refused the request (%s); retrying cannot fix it\n", kinf_log_item_name(g_final));
            rc = KWATCH_EXIT_FAIL;
            break;
        }
        if (g_dump_now) {
            g_dump_now = 0;
            kinf_factory_flush(g_fac);
            dump_factory(g_fac);
            printf("# end cache\n");
            fflush(stdout);
        }
        if (g_exit_after_sync && kinf_factory_has_synced(g_fac)) {
            for (i = 0, total = 0; i < kinf_factory_count(g_fac); i++) { total += kinf_count(kinf_factory_at(g_fac, i)); }
            printf("# synced %d objects\n", total);
            fflush(stdout);
            synced_printed = 1;
            break;
        }
    }
    if (g_exit_after_sync && !synced_printed && rc == KWATCH_EXIT_OK && !g_signal) { rc = KWATCH_EXIT_FAIL; }
    if (!(g_max_events >= 0 && g_events >= g_max_events)) { kinf_factory_flush(g_fac); }
    if (g_dump && !dump_factory(g_fac)) { rc = KWATCH_EXIT_FAIL; }
    for (i = 0; i < kinf_factory_count(g_fac); i++) {
        kinf_informer_t* inf = kinf_factory_at(g_fac, i);
        kinf_resource_t r;
        kinf_stats_t s;
        if (!inf) { continue; }
        s = kinf_stats(inf);
        bytes += s.bytes_read;
        oversized += s.oversized + s.store_full + s.dropped;
        if (!g_stats) { continue; }
        if (g_multi && kinf_factory_resource(g_fac, inf, &r) == KINF_OK) { fprintf(stderr, "# stats resource %s\n", r.name); }
        print_stats(&s, kinf_last_error(inf));
    }
    if (g_stats && g_multi) {
        kinf_factory_stats_t fs = kinf_factory_stats(g_fac);
        kinf_discovery_stats_t ds = kinf_discovery_stats(kinf_factory_discovery(g_fac));
        fprintf(stderr, "# stats factory informers=%d synced=%d gone=%d informer_bytes=%zu fixed_bytes=%zu memory used=%zu capacity=%zu\n"
                        "# stats discovery rounds=%llu resources=%u aggregated=%d requests=%llu bytes_read=%llu\n",
                fs.informers, fs.synced, fs.gone, fs.informer_bytes, fs.fixed_bytes, fs.mem_used, fs.mem_capacity,
                (unsigned long long)ds.rounds, ds.resources, ds.aggregated, (unsigned long long)ds.requests, (unsigned long long)ds.bytes_read);
    }
    if (rc == KWATCH_EXIT_OK && oversized) { rc = KWATCH_EXIT_CAPACITY; }
    if (rc == KWATCH_EXIT_OK && bytes == 0 && kinf_factory_count(g_fac) && g_max_events != 0) {
        kinf_server_t sv = kinf_engine_server(kinf_discovery_engine(kinf_factory_discovery(g_fac)));
        fprintf(stderr, "kwatch: never reached the server at %s:%u\n", sv.host ? sv.host : "?", (unsigned)sv.port);
        rc = KWATCH_EXIT_FAIL;
    }
    kinf_factory_shutdown(g_fac);
    free(mem);
    return rc;
}

#endif

int main(int argc, char** argv) {
    kinf_desc_t d;
    const char* keep[32];
    const char* drop[32];
    const char* resource = 0;
    char* keep_copy = 0;
    char* drop_copy = 0;
    static kinf_config_t cfg;
    void* work = 0;
    double num;
    int i, rc = KWATCH_EXIT_OK, synced_printed = 0;
    size_t size;
    void* mem;
    double t0;
    kinf_handler_t h;

    memset(&d, 0, sizeof(d));
    d.max_objects = 16384;
    d.max_event_bytes = 1u << 20;
    d.store_bytes = 32u << 20;
    d.prefault_store = 1;
    /* reads of up to 1 MiB: a stream faster than kwatch costs few receive
       calls and window updates (docs/optimisation.md, step 25) */
    d.read_bytes = 1u << 20;
    for (i = 1; i < argc; i++) {
        const char* a = argv[i];
        const char* v = 0;
        const kw_opt* o;
        void* t;
        char* eq = 0;
        if (!strncmp(a, "--", 2) && (eq = strchr(a, '=')) != 0) {
            static char opt[64];
            size_t n = (size_t)(eq - a);
            if (n >= sizeof(opt)) { return usage_error("unknown option", a); }
            memcpy(opt, a, n); opt[n] = 0;
            v = eq + 1; a = opt;
        }
        o = find_opt(a);
        if (!o) {
            if (a[0] == '-' && a[1]) { return usage_error("unknown option", a); }
            if (resource) { return usage_error("more than one RESOURCE", a); }
            resource = a;
            continue;
        }
        t = opt_target(o, &d);
        if (opt_takes_value(o) && !v && i + 1 < argc) { v = argv[++i]; }
        switch (o->kind) {
        case KW_HELP: print_usage(); return KWATCH_EXIT_OK;
        case KW_SET: *(int*)t = 1; break;
        case KW_CLEAR: *(int*)t = 0; break;
        case KW_STR:
            if (!v) { return usage_error("missing value", a); }
            *(const char**)t = v;
            break;
        case KW_OUTPUT:
            if (!v) { return usage_error("missing value", a); }
            if (!strcmp(v, "name")) { *(int*)t = 0; } else if (!strcmp(v, "json")) { *(int*)t = 1; }
            else if (!strcmp(v, "none")) { *(int*)t = 2; } else { return usage_error("-o takes name, json or none", v); }
            break;
        case KW_KEEP: case KW_DROP: {
            char* copy;
            if (!v) { return usage_error("missing value", a); }
            copy = strdup(v);
            if (!copy) { return KWATCH_EXIT_FAIL; }
            if (o->kind == KW_KEEP) { free(keep_copy); keep_copy = copy; d.keep = keep; d.keep_count = split_list(copy, keep, 29); }
            else { free(drop_copy); drop_copy = copy; d.drop = drop; d.drop_count = split_list(copy, drop, 31); }
            if (d.keep_count > 28 || d.drop_count > 30) { free(keep_copy); free(drop_copy); return usage_error("at most 28 --keep and 30 --drop paths", a); }
            break;
        }
        default:
#ifndef KINF_NO_FACTORY
            if (v && strchr(v, '=') && is_cap_opt(o)) {
                if (!set_cap(o, v)) { free_caps(); return usage_error("expected RES=N, N a non-negative number (at most 64 resources)", v); }
                break;
            }
#endif
            if (!parse_num(v, &num)) { return usage_error("expected a non-negative number", v ? v : a); }
            opt_set_num(o, t, num);
            break;
        }
    }
#ifndef KINF_NO_WATCH_LIST
    if (g_watch_list) {
        if (!strcmp(g_watch_list, "auto")) { d.watch_list = KINF_WATCH_LIST_AUTO; } else if (!strcmp(g_watch_list, "on")) { d.watch_list = KINF_WATCH_LIST_ON; }
        else if (!strcmp(g_watch_list, "off")) { d.watch_list = KINF_WATCH_LIST_OFF; } else { return usage_error("--watch-list takes auto, on or off", g_watch_list); }
    }
#endif
    if (!resource && !g_all) { return usage_error("missing RESOURCE", 0); }
    if (resource && g_all) { return usage_error("--all takes no RESOURCE", resource); }
    if (!d.server || g_kubeconfig || g_context || g_sa_dir) {
        int r;
        work = malloc(KWATCH_CONFIG_WORK);
        if (!work) { return KWATCH_EXIT_FAIL; }
        if (g_kubeconfig || g_context) { r = kinf_config_kubeconfig(&cfg, g_kubeconfig, g_context, work, KWATCH_CONFIG_WORK); }
        else if (g_sa_dir) { r = kinf_config_in_cluster(&cfg, g_sa_dir, work, KWATCH_CONFIG_WORK); }
        else { r = kinf_config_default(&cfg, work, KWATCH_CONFIG_WORK); }
        if (r != KINF_OK) {
            fprintf(stderr, "kwatch: error %s: %s\n", kinf_log_item_name(cfg.error), cfg.error_detail);
            free(work); free(keep_copy); free(drop_copy);
            return KWATCH_EXIT_FAIL;
        }
        if (g_verbose) { fprintf(stderr, "kwatch: info: using the %s configuration%s%s\n", cfg.source, cfg.context[0] ? ", context " : "", cfg.context); }
        kinf_config_apply(&cfg, &d);
    }
    d.logger.func = logger;
    if (g_tls_time >= 0) { d.tls_time = tls_time; }
#ifndef KINF_NO_FACTORY
    if (g_snapshot && (g_all || !plain_resource(resource))) {
        free(work); free(keep_copy); free(drop_copy);
        return usage_error("--snapshot takes one RESOURCE, a core plural or an API path", g_all ? "--all" : resource);
    }
    if (g_snapshot && g_ncaps) {
        free(work); free(keep_copy); free(drop_copy); free_caps();
        return usage_error("--snapshot takes the capacities as numbers, not RES=N", g_snapshot);
    }
    if (g_all || g_ncaps || !plain_resource(resource)) {
        rc = run_factory(&d, (char*)(uintptr_t)resource);
        free(work); free(keep_copy); free(drop_copy); free_caps();
        return rc;
    }
#else
    if (g_all || strchr(resource, ',')) { return usage_error("this build has no discovery (KINF_NO_FACTORY): one RESOURCE, a plural or an API path", resource); }
#endif
#ifdef KINF_NO_SNAPSHOT
    if (g_snapshot) { return usage_error("this build has no snapshots (KINF_NO_SNAPSHOT)", g_snapshot); }
#endif
    d.resource = resource;
    d.tag = "kwatch";

    size = kinf_informer_size(&d);
    /* the one allocation: the library takes all its memory from here. SIZE_MAX:
       more than this system counts; kinf_init says why (MEMORY_OVERFLOW) */
    mem = size == SIZE_MAX ? 0 : malloc(size);
    if (!mem && size != SIZE_MAX) { fprintf(stderr, "kwatch: cannot allocate %zu bytes\n", size); return KWATCH_EXIT_FAIL; }
    g_inf = kinf_init(mem, size, &d);
    if (!g_inf) { free(mem); free(work); free(keep_copy); free(drop_copy); return KWATCH_EXIT_FAIL; }
    memset(&h, 0, sizeof(h));
    h.on_add = on_add; h.on_update = on_update; h.on_delete = on_delete; h.on_oversized = on_oversized;
    kinf_add_handler(g_inf, &h);
    install_signals();
#ifndef KINF_NO_SNAPSHOT
    if (g_snapshot) { kinf_snapshot_load_file(g_inf, g_snapshot); } /* refused or absent: logged when it matters, and a LIST */
#endif

    t0 = now_s();
    if (g_max_events == 0) { kinf_stop(g_inf); }
    while (!kinf_stopped(g_inf)) {
        int wait = 200;
        if (g_timeout >= 0) {
            double left = g_timeout - (now_s() - t0);
            if (left <= 0) { break; }
            if (left * 1000 < wait) { wait = (int)(left * 1000) + 1; }
        }
        if (kinf_poll(g_inf, wait) != KINF_OK) { rc = KWATCH_EXIT_FAIL; break; }
        if (g_final && !kinf_has_synced(g_inf)) {
            /* as kubectl: the request is wrong (a 400 or 404), so retrying will not help; the
               error line with the server's message is already on stderr */
            fprintf(stderr, "kwatch: giving up: the server refused the request (%s); retrying cannot fix it\n", kinf_log_item_name(g_final));
            rc = KWATCH_EXIT_FAIL;
            break;
        }
        if (g_dump_now) {
            g_dump_now = 0;
            kinf_flush(g_inf);
            dump_cache(g_inf);
            printf("# end cache\n");
            fflush(stdout);
        }
        if (g_exit_after_sync && kinf_has_synced(g_inf) && !KW_STALE(g_inf)) {
            printf("# synced %d objects\n", kinf_count(g_inf));
            fflush(stdout);
            synced_printed = 1;
            break;   /* the snapshot is written below, at exit */
        }
#ifndef KINF_NO_SNAPSHOT
        if (g_snapshot) { kinf_snapshot_autosave(g_inf, g_snapshot, g_snapshot_interval, 0); }
#endif
    }
    if (g_exit_after_sync && !synced_printed && rc == KWATCH_EXIT_OK && !g_signal) { rc = KWATCH_EXIT_FAIL; }
    /* what the cache already holds reaches the handlers before the dump */
    if (!(g_max_events >= 0 && g_events >= g_max_events)) { kinf_flush(g_inf); }
    if (g_dump && !dump_cache(g_inf)) { rc = KWATCH_EXIT_FAIL; }
#ifndef KINF_NO_SNAPSHOT
    if (g_snapshot && kinf_snapshot_autosave(g_inf, g_snapshot, g_snapshot_interval, 1) < 0 && rc == KWATCH_EXIT_OK) { rc = KWATCH_EXIT_FAIL; }
#endif
    {
        kinf_stats_t s = kinf_stats(g_inf);
        if (g_stats) { print_stats(&s, kinf_last_error(g_inf)); }
        if (rc == KWATCH_EXIT_OK && (s.oversized || s.store_full || s.dropped)) { rc = KWATCH_EXIT_CAPACITY; }
        if (rc == KWATCH_EXIT_OK && s.bytes_read == 0 && g_max_events != 0) {
            kinf_server_t sv = kinf_engine_server(kinf_informer_engine(g_inf));
            fprintf(stderr, "kwatch: never reached the server at %s:%u\n", sv.host ? sv.host : "?", (unsigned)sv.port);
            rc = KWATCH_EXIT_FAIL;
        }
    }
    kinf_shutdown(g_inf);
    free(mem);
    free(work);
    free(keep_copy);
    free(drop_copy);
    return rc;
}
