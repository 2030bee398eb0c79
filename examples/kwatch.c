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

static const char* usage_text =
    "usage: kwatch [options] RESOURCE\n"
    "Watches Kubernetes objects through kinformer and prints each change.\n"
    "\n"
    "  RESOURCE               pods, configmaps, secrets, services, nodes, namespaces, events, ...\n"
    "                         (core/v1 plurals) or an API path such as /apis/apps/v1/deployments\n"
    "                         or /apis/example.com/v1/widgets\n"
    "  -n, --namespace NS     one namespace (default: all)\n"
    "  -l, --selector SEL     label selector\n"
    "  --field-selector SEL   field selector\n"
    "  -s, --server URL       the API server, http:// or https://\n"
    "  --token T | --token-file F\n"
    "                         bearer token; the file is re-read every 60 s and after a 401\n"
    "  --kubeconfig F         read this kubeconfig (default: $KUBECONFIG's first file, else ~/.kube/config)\n"
    "  --context C            use this kubeconfig context (default: current-context)\n"
    "  --certificate-authority F   PEM bundle of CAs that sign the server's certificate\n"
    "  --client-certificate F, --client-key F   client certificate authentication (PEM; RSA or EC)\n"
    "  --insecure-skip-tls-verify  do not verify the server certificate (warned on every connect)\n"
    "  --tls-server-name N    the name to check the server certificate against (and send as SNI)\n"
    "  --tls-time SECONDS     check certificate dates as at this Unix time (UTC) instead of the\n"
    "                         system clock: for a device whose clock is not set\n"
    "  --service-account-dir D  in-cluster: read token, ca.crt and namespace from D\n"
    "                         (default /var/run/secrets/kubernetes.io/serviceaccount)\n"
    "                         With no --server, --kubeconfig or --context: the in-cluster service\n"
    "                         account when KUBERNETES_SERVICE_HOST is set, else the kubeconfig.\n"
    "                         Explicit flags override the configuration's values.\n"
    "  -o name|json|none      name: one line per handler event, \"ADDED ns/name RV\" (also\n"
    "                         MODIFIED, DELETED, and DELETED! for a final-state-unknown delete);\n"
    "                         json: the event as one JSON line {\"type\":..,\"object\":..}\n"
    "                         (a final-state-unknown delete adds \"finalStateUnknown\":true, an\n"
    "                         object too large to keep \"oversized\":true and its identity only)\n"
    "  --exit-after-sync      exit 0 once the initial list is cached, printing \"# synced N objects\"\n"
    "  --max-events N         exit after N handler events\n"
    "  --timeout SECONDS      exit after this long\n"
    "  --dump-on-exit         on exit print \"# cache N objects\", then \"key RV\" per object sorted by key\n"
    "  --stats                on exit print counters and memory used/capacity to stderr\n"
    "  --keep PATH[,PATH...]  project each object to these JSON paths (identity metadata\n"
    "                         always kept), e.g. --keep metadata.labels,spec.nodeName,status.phase\n"
    "  --drop PATH[,PATH...]  drop these paths (metadata.managedFields is dropped by default)\n"
    "  --keep-managed-fields  keep metadata.managedFields (stored with the object, as client-go does)\n"
    "  --max-objects N, --max-object-bytes B, --store-bytes B    memory capacities\n"
    "                         (defaults 16384 objects, 1 MiB per object, 32 MiB of objects)\n"
    "  --read-bytes B         socket read buffer (default 1 MiB; 0: the library's 16 KiB)\n"
    "  --fifo N               stop reading the socket when N keys wait for delivery\n"
    "  --no-prefault          take a page fault per store page instead of faulting the store in\n"
    "                         batches ahead of its top (Linux; see kinformer.h MEMORY)\n"
    "  --list-limit N         LIST page size (default 500)\n"
    "  --idle-timeout SECONDS reconnect when the server sends nothing this long (default 90)\n"
    "  --watch-timeout SECONDS  timeoutSeconds of each watch (default random 300-600)\n"
    "  --resync SECONDS       deliver every cached object again as MODIFIED this often\n"
    "  -v, --verbose          log informational items to stderr (warnings and errors always)\n"
    "  -h, --help             this text\n";
/* two literals: C99 promises 4095 bytes in one */
static const char* usage_notes =
    "\n"
    "Each output line is flushed as it is written. SIGINT and SIGTERM stop kwatch cleanly\n"
    "(the dump is still printed). SIGUSR1 prints the dump at once, then \"# end cache\",\n"
    "and kwatch goes on.\n"
    "Exit status: 0 success, 1 failure, 2 usage error, 3 a capacity was exceeded (an object\n"
    "larger than --max-object-bytes, --store-bytes or --max-objects full).\n";

static kinf_informer_t* g_inf;
static volatile sig_atomic_t g_signal;
static int g_output; /* 0 name, 1 json, 2 none */
static long g_max_events = -1, g_events;
static int g_verbose;
static int64_t g_tls_time; /* --tls-time */
static int64_t tls_time(void* user) { (void)user; return g_tls_time; }

static volatile sig_atomic_t g_dump_now;
static void on_signal(int sig) { g_signal = sig; if (g_inf) { kinf_stop(g_inf); } }
static void on_usr1(int sig) { (void)sig; g_dump_now = 1; }

static void count_event(kinf_informer_t* inf) {
    g_events++;
    if (g_max_events >= 0 && g_events >= g_max_events) { kinf_stop(inf); }
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
static void print_event(const char* type, const kinf_object_t* o, int fsu) {
    if (g_output == 0) {
        printf("%s%s %s %s\n", type, fsu ? "!" : "", o->key, o->resource_version);
    } else if (g_output == 1) {
        printf("{\"type\":\"%s\",%s%s\"object\":", type, fsu ? "\"finalStateUnknown\":true," : "",
               (o->flags & KINF_OBJ_IDENTITY_ONLY) ? "\"oversized\":true," : "");
        print_object(o);
        fputs("}\n", stdout);
    }
    fflush(stdout);
}
static void on_add(kinf_informer_t* inf, const kinf_object_t* o, void* u) {
    (void)u;
    if (g_max_events >= 0 && g_events >= g_max_events) { return; }
    print_event("ADDED", o, 0); count_event(inf);
}
static void on_update(kinf_informer_t* inf, const kinf_object_t* old, const kinf_object_t* o, void* u) {
    (void)u; (void)old;
    if (g_max_events >= 0 && g_events >= g_max_events) { return; }
    print_event("MODIFIED", o, 0); count_event(inf);
}
/* an object that did not fit: its identity only, on the line its change would
   have had (json adds "oversized":true); the exit status says 3 */
static void on_oversized(kinf_informer_t* inf, const kinf_object_t* old, const kinf_object_t* o, void* u) {
    (void)u;
    if (g_max_events >= 0 && g_events >= g_max_events) { return; }
    print_event(old ? "MODIFIED" : "ADDED", o, 0); count_event(inf);
}
static void on_delete(kinf_informer_t* inf, const kinf_object_t* o, int fsu, void* u) {
    (void)u;
    if (g_max_events >= 0 && g_events >= g_max_events) { return; }
    print_event("DELETED", o, fsu); count_event(inf);
}
static uint32_t g_final; /* an error retrying cannot fix (kinf_log_item_is_final) */
static void logger(const char* tag, uint32_t level, uint32_t item, const char* msg, uint32_t line, const char* file, void* user) {
    (void)tag; (void)line; (void)file; (void)user;
    if (level <= KINF_LOG_ERROR && kinf_log_item_is_final(item) && !g_final) { g_final = item; }
    if (level > KINF_LOG_WARN && !g_verbose) { return; }
    fprintf(stderr, "kwatch: %s %s: %s\n", level <= KINF_LOG_ERROR ? "error" : level == KINF_LOG_WARN ? "warning" : "info",
            kinf_log_item_name(item), msg ? msg : "");
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
/* the options that take a string, in the order of the targets in main */
static const char* const str_opts[] = { "-n", "--namespace", "-l", "--selector", "--field-selector", "-s", "--server", "--token",
                                        "--token-file", "--kubeconfig", "--context", "--service-account-dir", "--certificate-authority",
                                        "--client-certificate", "--client-key", "--tls-server-name", 0 };
/* the options that take a number, in the order of the switch in main */
static const char* const num_opts[] = { "--max-events", "--timeout", "--max-objects", "--max-object-bytes", "--store-bytes",
                                        "--fifo", "--read-bytes", "--list-limit", "--idle-timeout", "--watch-timeout", "--resync",
                                        "--tls-time", 0 };
/* a's place in names, or -1 */
static int opt_index(const char* const* names, const char* a) {
    int k;
    for (k = 0; names[k]; k++) { if (!strcmp(a, names[k])) { return k; } }
    return -1;
}
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
static double now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char** argv) {
    kinf_desc_t d;
    const char* keep[32];
    const char* drop[32];
    const char* resource = 0;
    const char* kubeconfig = 0;
    const char* context = 0;
    const char* sa_dir = 0;
    char* keep_copy = 0;
    char* drop_copy = 0;
    static kinf_config_t cfg;
    void* work = 0;
    double timeout = -1, num;
    int exit_after_sync = 0, dump = 0, stats = 0, i, k, rc = KWATCH_EXIT_OK, synced_printed = 0;
    size_t size;
    void* mem;
    double t0;
    kinf_handler_t h;
    const char** const str_to[] = { &d.namespace_, &d.namespace_, &d.label_selector, &d.label_selector, &d.field_selector, &d.server,
                                    &d.server, &d.token, &d.token_file, &kubeconfig, &context, &sa_dir, &d.ca_file,
                                    &d.client_cert_file, &d.client_key_file, &d.tls_server_name };

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
        char* eq = 0;
        if (!strncmp(a, "--", 2) && (eq = strchr(a, '=')) != 0) {
            static char opt[64];
            size_t n = (size_t)(eq - a);
            if (n >= sizeof(opt)) { return usage_error("unknown option", a); }
            memcpy(opt, a, n); opt[n] = 0;
            v = eq + 1; a = opt;
        }
#define KW_ARG() (v ? v : (i + 1 < argc ? argv[++i] : 0))
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) { fputs(usage_text, stdout); fputs(usage_notes, stdout); return KWATCH_EXIT_OK; }
        else if ((k = opt_index(str_opts, a)) >= 0) { if (!(*str_to[k] = KW_ARG())) { return usage_error("missing value", a); } }
        else if (!strcmp(a, "--insecure-skip-tls-verify")) { d.insecure_skip_tls_verify = 1; }
        else if (!strcmp(a, "-o") || !strcmp(a, "--output")) {
            const char* o = KW_ARG();
            if (!o) { return usage_error("missing value", a); }
            if (!strcmp(o, "name")) { g_output = 0; } else if (!strcmp(o, "json")) { g_output = 1; }
            else if (!strcmp(o, "none")) { g_output = 2; } else { return usage_error("-o takes name, json or none", o); }
        }
        else if (!strcmp(a, "--exit-after-sync")) { exit_after_sync = 1; }
        else if (!strcmp(a, "--dump-on-exit")) { dump = 1; }
        else if (!strcmp(a, "--stats")) { stats = 1; }
        else if (!strcmp(a, "--no-prefault")) { d.prefault_store = 0; }
        else if (!strcmp(a, "--keep-managed-fields")) { d.no_default_drop = 1; }
        else if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) { g_verbose = 1; }
        else if (!strcmp(a, "--keep") || !strcmp(a, "--drop")) {
            const char* l = KW_ARG();
            char* copy;
            if (!l) { return usage_error("missing value", a); }
            copy = strdup(l);
            if (!copy) { return KWATCH_EXIT_FAIL; }
            if (a[2] == 'k') { free(keep_copy); keep_copy = copy; d.keep = keep; d.keep_count = split_list(copy, keep, 29); }
            else { free(drop_copy); drop_copy = copy; d.drop = drop; d.drop_count = split_list(copy, drop, 31); }
            if (d.keep_count > 28 || d.drop_count > 30) { free(keep_copy); free(drop_copy); return usage_error("at most 28 --keep and 30 --drop paths", a); }
        }
        else if ((k = opt_index(num_opts, a)) >= 0) {
            const char* s = KW_ARG();
            if (!parse_num(s, &num)) { return usage_error("expected a non-negative number", s ? s : a); }
            switch (k) {
            case 0: g_max_events = (long)num; break;
            case 1: timeout = num; break;
            case 2: d.max_objects = (int)num; break;
            case 3: d.max_event_bytes = (size_t)num; break;
            case 4: d.store_bytes = (size_t)num; break;
            case 5: d.fifo_capacity = (int)num; break;
            case 6: d.read_bytes = (size_t)num; break;
            case 7: d.list_limit = (int)num; break;
            case 8: d.idle_timeout_ms = (int)(num * 1000); break;
            case 9: d.watch_timeout_s = (int)num; break;
            case 10: d.resync_period_ms = (int)(num * 1000); break;
            default: g_tls_time = (int64_t)num; d.tls_time = tls_time; break;
            }
        }
        else if (a[0] == '-' && a[1]) { return usage_error("unknown option", a); }
        else if (!resource) { resource = a; }
        else { return usage_error("more than one RESOURCE", a); }
#undef KW_ARG
    }
    if (!resource) { return usage_error("missing RESOURCE", 0); }
    if (!d.server || kubeconfig || context || sa_dir) {
        int r;
        work = malloc(KWATCH_CONFIG_WORK);
        if (!work) { return KWATCH_EXIT_FAIL; }
        if (kubeconfig || context) { r = kinf_config_kubeconfig(&cfg, kubeconfig, context, work, KWATCH_CONFIG_WORK); }
        else if (sa_dir) { r = kinf_config_in_cluster(&cfg, sa_dir, work, KWATCH_CONFIG_WORK); }
        else { r = kinf_config_default(&cfg, work, KWATCH_CONFIG_WORK); }
        if (r != KINF_OK) {
            fprintf(stderr, "kwatch: error %s: %s\n", kinf_log_item_name(cfg.error), cfg.error_detail);
            free(work); free(keep_copy); free(drop_copy);
            return KWATCH_EXIT_FAIL;
        }
        if (g_verbose) { fprintf(stderr, "kwatch: info: using the %s configuration%s%s\n", cfg.source, cfg.context[0] ? ", context " : "", cfg.context); }
        kinf_config_apply(&cfg, &d);
    }
    d.resource = resource;
    d.logger.func = logger;
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
    {
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

    t0 = now_s();
    if (g_max_events == 0) { kinf_stop(g_inf); }
    while (!kinf_stopped(g_inf)) {
        int wait = 200;
        if (timeout >= 0) {
            double left = timeout - (now_s() - t0);
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
        if (exit_after_sync && kinf_has_synced(g_inf)) {
            printf("# synced %d objects\n", kinf_count(g_inf));
            fflush(stdout);
            synced_printed = 1;
            break;
        }
    }
    if (exit_after_sync && !synced_printed && rc == KWATCH_EXIT_OK && !g_signal) { rc = KWATCH_EXIT_FAIL; }
    /* what the cache already holds reaches the handlers before the dump */
    if (!(g_max_events >= 0 && g_events >= g_max_events)) { kinf_flush(g_inf); }
    if (dump && !dump_cache(g_inf)) { rc = KWATCH_EXIT_FAIL; }
    {
        kinf_stats_t s = kinf_stats(g_inf);
        if (stats) {
            fprintf(stderr,
                    "# stats events=%llu added=%llu modified=%llu deleted=%llu bookmarks=%llu\n"
                    "# stats lists=%llu list_pages=%llu list_items=%llu relists=%llu watches=%llu reconnects=%llu backoffs=%llu\n"
                    "# stats bytes_read=%llu bytes_written=%llu errors=%llu malformed=%llu oversized=%llu store_full=%llu dropped=%llu\n"
                    "# stats delivered adds=%llu updates=%llu deletes=%llu resyncs=%llu\n"
                    "# stats objects=%u/%u fifo=%u/%u store_used=%zu store_peak=%zu store_capacity=%zu\n"
                    "# stats memory used=%zu capacity=%zu last_error=%s\n",
                    (unsigned long long)s.events, (unsigned long long)s.added, (unsigned long long)s.modified,
                    (unsigned long long)s.deleted, (unsigned long long)s.bookmarks, (unsigned long long)s.lists,
                    (unsigned long long)s.list_pages, (unsigned long long)s.list_items, (unsigned long long)s.relists,
                    (unsigned long long)s.watches, (unsigned long long)s.reconnects, (unsigned long long)s.backoffs,
                    (unsigned long long)s.bytes_read, (unsigned long long)s.bytes_written, (unsigned long long)s.errors,
                    (unsigned long long)s.malformed, (unsigned long long)s.oversized, (unsigned long long)s.store_full,
                    (unsigned long long)s.dropped, (unsigned long long)s.delivered_adds, (unsigned long long)s.delivered_updates,
                    (unsigned long long)s.delivered_deletes, (unsigned long long)s.resyncs, s.objects, s.max_objects,
                    s.fifo_len, s.fifo_capacity, s.store_used, s.store_peak, s.store_capacity, s.mem_used, s.mem_capacity,
                    kinf_log_item_name(kinf_last_error(g_inf)));
        }
        if (rc == KWATCH_EXIT_OK && (s.oversized || s.store_full || s.dropped)) { rc = KWATCH_EXIT_CAPACITY; }
        if (rc == KWATCH_EXIT_OK && s.bytes_read == 0 && g_max_events != 0) {
            kinf_server_t sv = kinf_engine_server(g_inf);
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
