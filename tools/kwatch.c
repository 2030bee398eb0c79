/* kwatch - a tiny `kubectl get -w` on kinformer. `kwatch --help` for usage. */
#define _POSIX_C_SOURCE 200809L
#define KINFORMER_IMPLEMENTATION
#include "../kinformer.h"
#define TOOL_NAME "kwatch"
#include "opts.h"
#include "tool.h"
#include "conn.h"

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

#ifndef KINF_NO_FACTORY
/* --max-objects RES=N, --store-bytes RES=B, --max-object-bytes RES=B: one row per resource */
#define KW_MAX_CAPS 64
static kinf_factory_caps_t g_caps[KW_MAX_CAPS];
static int g_ncaps;
static kinf_handler_t g_handler; /* kwatch's, on each of the factory's informers (user: its resource) */
#endif
static int g_multi;           /* lines name their resource */
static int g_all, g_max_informers, g_rediscover_ms;
static int g_output; /* 0 name, 1 json, 2 none */
/* the other settings of kwatch's own; the library's go in the descriptor */
static int g_exit_after_sync, g_dump, g_synced_printed;
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
static const char* g_keep[32];  /* --keep's and --drop's paths, in copies of their lists */
static const char* g_drop[32];
static char* g_keep_copy;
static char* g_drop_copy;
static double g_t0;             /* when the watch began (--timeout) */

static volatile sig_atomic_t g_dump_now;
static void on_usr1(int sig) { (void)sig; g_dump_now = 1; }

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
    (void)inf;
    if (tool_events_done()) { return; }
    print_event("ADDED", o, 0, (const char*)u); tool_count_event();
}
static void on_update(kinf_informer_t* inf, const kinf_object_t* old, const kinf_object_t* o, void* u) {
    (void)inf; (void)old;
    if (tool_events_done()) { return; }
    print_event("MODIFIED", o, 0, (const char*)u); tool_count_event();
}
/* an object that did not fit: its identity only, on the line its change would
   have had (json adds "oversized":true); the exit status says 3 */
static void on_oversized(kinf_informer_t* inf, const kinf_object_t* old, const kinf_object_t* o, void* u) {
    (void)inf;
    if (tool_events_done()) { return; }
    print_event(old ? "MODIFIED" : "ADDED", o, 0, (const char*)u); tool_count_event();
}
static void on_delete(kinf_informer_t* inf, const kinf_object_t* o, int fsu, void* u) {
    (void)inf;
    if (tool_events_done()) { return; }
    print_event("DELETED", o, fsu, (const char*)u); tool_count_event();
}
static kinf_handler_t handler(void) {
    kinf_handler_t h;
    memset(&h, 0, sizeof(h));
    h.on_add = on_add; h.on_update = on_update; h.on_delete = on_delete; h.on_oversized = on_oversized;
    return h;
}
/* an informer's line names its resource when several are watched */
static void logger(const char* tag, uint32_t level, uint32_t item, const char* msg, uint32_t line, const char* file, void* user) {
    int named = g_multi && tag && strcmp(tag, "kinformer");
    tool_logger(named ? tag : 0, level, item, msg, line, file, user);
}

/* The options: each is written once here, with where its value goes and its
   lines of --help. kwatch's own kinds of value: */
enum {
    KW_OUTPUT = OPT_OWN,           /* name, json or none: 0, 1 or 2 */
    KW_KEEP, KW_DROP,              /* a comma list of JSON paths */
#ifndef KINF_NO_FACTORY
    KW_CAP_INT, KW_CAP_SIZE        /* a capacity: a number, or RES=N for one resource */
#else
    KW_CAP_INT = OPT_INT, KW_CAP_SIZE = OPT_SIZE /* a number (no factory: no rows per resource) */
#endif
};
#ifndef KINF_NO_FACTORY
#define KW_CAPS_HELP \
      "                         RES=N: one resource's (repeat the option for each, e.g.\n" \
      "                         --max-objects pods=50 --max-objects configmaps=2000); N: the rest's\n"
#else
#define KW_CAPS_HELP
#endif
static const opt_t kw_opts[] = {
    TOOL_SELECT_OPTS,
    CONN_OPTS(CONN_TLS_TIME_HELP),
    { "-o", "--output", KW_OUTPUT, OPT_VAR(g_output),
      "  -o name|json|none      name: one line per handler event, \"ADDED ns/name RV\" (also\n"
      "                         MODIFIED, DELETED, and DELETED! for a final-state-unknown delete);\n"
      "                         json: the event as one JSON line {\"type\":..,\"object\":..}\n"
      "                         (a final-state-unknown delete adds \"finalStateUnknown\":true, an\n"
      "                         object too large to keep \"oversized\":true and its identity only)\n" },
    { "--exit-after-sync", 0, OPT_SET, OPT_VAR(g_exit_after_sync),
      "  --exit-after-sync      exit 0 once the initial list is cached, printing \"# synced N objects\"\n" },
    { "--max-events", 0, OPT_LONG, OPT_VAR(g_max_events), "  --max-events N         exit after N handler events\n" },
    TOOL_TIMEOUT_OPT,
    { "--dump-on-exit", 0, OPT_SET, OPT_VAR(g_dump),
      "  --dump-on-exit         on exit print \"# cache N objects\", then \"key RV\" per object sorted by key\n" },
    TOOL_STATS_OPT(" and memory used/capacity to stderr\n"),
    { "--snapshot", 0, OPT_STR, OPT_VAR(g_snapshot),
      "  --snapshot FILE        the cache persisted: loaded at start when FILE is there (its objects\n"
      "                         served at once, then watched on from its resourceVersion with no\n"
      "                         LIST), written atomically when it changed, at most every\n"
      "                         --snapshot-interval seconds, and at exit (one RESOURCE only)\n" },
    { "--snapshot-interval", 0, OPT_INT, OPT_VAR(g_snapshot_interval),
      "  --snapshot-interval S  seconds between two snapshot writes at least (default 30)\n" },
    { "--keep", 0, KW_KEEP, OPT_NONE,
      "  --keep PATH[,PATH...]  project each object to these JSON paths (identity metadata\n"
      "                         always kept), e.g. --keep metadata.labels,spec.nodeName,status.phase\n" },
    { "--drop", 0, KW_DROP, OPT_NONE,
      "  --drop PATH[,PATH...]  drop these paths (metadata.managedFields is dropped by default)\n" },
    { "--keep-managed-fields", 0, OPT_SET, OPT_DESC(no_default_drop),
      "  --keep-managed-fields  keep metadata.managedFields (stored with the object, as client-go does)\n" },
    TOOL_CAPACITY_OPTS(KW_CAP_INT, KW_CAP_SIZE, "\n"
      "                         (defaults 16384 objects, 1 MiB per object, 32 MiB of objects)\n" KW_CAPS_HELP),
    { "--read-bytes", 0, OPT_SIZE, OPT_DESC(read_bytes),
      "  --read-bytes B         socket read buffer (default 1 MiB; 0: the library's 16 KiB)\n" },
    { "--fifo", 0, OPT_INT, OPT_DESC(fifo_capacity), "  --fifo N               stop reading the socket when N keys wait for delivery\n" },
    { "--no-prefault", 0, OPT_CLEAR, OPT_DESC(prefault_store),
      "  --no-prefault          take a page fault per store page instead of faulting the store in\n"
      "                         batches ahead of its top (Linux; see kinformer.h MEMORY)\n" },
    { "--list-limit", 0, OPT_INT, OPT_DESC(list_limit), "  --list-limit N         LIST page size (default 500)\n" },
    CONN_IDLE_TIMEOUT_OPT,
    { "--watch-timeout", 0, OPT_INT, OPT_DESC(watch_timeout_s),
      "  --watch-timeout SECONDS  timeoutSeconds of each watch (default random 300-600)\n" },
    { "--resync", 0, OPT_MS, OPT_DESC(resync_period_ms),
      "  --resync SECONDS       deliver every cached object again as MODIFIED this often\n" },
    TOOL_VERBOSE_OPT,
    { "--all", 0, OPT_SET, OPT_VAR(g_all),
      "  --all                  every resource the server has that can be listed and watched (CRDs\n"
      "                         too; only namespaced ones with -n), and those that appear later\n" },
    { "--rediscover", 0, OPT_MS, OPT_VAR(g_rediscover_ms),
      "  --rediscover SECONDS   with --all: run discovery again this often (default 30)\n" },
    { "--max-informers", 0, OPT_INT, OPT_VAR(g_max_informers),
      "  --max-informers N      informers for several resources (default: one per RESOURCE, 64 with --all);\n"
      "                         each has the memory capacities above\n" },
#ifndef KINF_NO_WATCH_LIST
    { "--watch-list", 0, OPT_STR, OPT_VAR(g_watch_list),
      "  --watch-list auto|on|off  list through one watch with sendInitialEvents (KEP-3157). auto\n"
      "                         (default): LIST+WATCH from then on once the server refuses it or\n"
      "                         does not end the initial events; on: tried at every relist, each\n"
      "                         failure falls back to LIST for that one; off: LIST, then WATCH\n" },
#endif
#ifndef KINF_NO_METADATA_ONLY
    { "--metadata-only", 0, OPT_SET, OPT_DESC(metadata_only),
      "  --metadata-only        ask for PartialObjectMetadata and keep each object's metadata only\n"
      "                         (--keep paths must lie under metadata)\n" },
#endif
#ifndef KINF_NO_GZIP
    { "--no-gzip", 0, OPT_SET, OPT_DESC(no_gzip),
      "  --no-gzip              lists without Accept-Encoding: gzip (asked for by default; the\n"
      "                         server compresses lists over 128 KiB), and no inflater memory\n" },
#endif
    OPT_HELP_ROW,
};
#undef KW_CAPS_HELP
#ifndef KINF_NO_FACTORY
/* RES=N for one of the three capacity options: into RES's row of g_caps. 0: not a number, or too many rows */
static int set_cap(const opt_t* o, const char* v) {
    const char* eq = strchr(v, '=');
    size_t n = eq ? (size_t)(eq - v) : 0;
    int k;
    kinf_factory_caps_t* c = 0;
    if (!n) { return 0; }
    for (k = 0; k < g_ncaps && !c; k++) {
        if (strlen(g_caps[k].resource) == n && !strncmp(g_caps[k].resource, v, n)) { c = &g_caps[k]; }
    }
    if (!c) {
        char* name;
        if (g_ncaps >= KW_MAX_CAPS || !(name = (char*)malloc(n + 1))) { return 0; }
        memcpy(name, v, n); name[n] = 0;
        c = &g_caps[g_ncaps++];
        c->resource = name;
    }
    if (o->kind == KW_CAP_INT) { return opts_number(OPT_INT, eq + 1, &c->max_objects); }
    return opts_number(OPT_SIZE, eq + 1, o->field == offsetof(kinf_desc_t, store_bytes) ? &c->store_bytes : &c->max_event_bytes);
}
static void free_caps(void) {
    int k;
    for (k = 0; k < g_ncaps; k++) { free((void*)(uintptr_t)g_caps[k].resource); }
    g_ncaps = 0;
}
#endif
/* the value v of one of kwatch's own options a; -1 to go on, else the exit status */
static int kw_option(const opt_t* o, const char* a, const char* v, void* t) {
    kinf_desc_t* d = (kinf_desc_t*)t; /* --keep and --drop (OPT_NONE) */
    char* copy;
#ifndef KINF_NO_FACTORY
    if (o->kind == KW_CAP_INT || o->kind == KW_CAP_SIZE) {
        if (!v || !strchr(v, '=')) { return opts_value(o->kind == KW_CAP_INT ? OPT_INT : OPT_SIZE, a, v, t); }
        if (!set_cap(o, v)) { free_caps(); return opts_usage_error("expected RES=N, N a non-negative number (at most 64 resources)", v); }
        return -1;
    }
#endif
    if (!v) { return opts_usage_error("missing value", a); }
    if (o->kind == KW_OUTPUT) {
        if (!strcmp(v, "name")) { *(int*)t = 0; } else if (!strcmp(v, "json")) { *(int*)t = 1; }
        else if (!strcmp(v, "none")) { *(int*)t = 2; } else { return opts_usage_error("-o takes name, json or none", v); }
        return -1;
    }
    copy = strdup(v);
    if (!copy) { return TOOL_EXIT_FAIL; }
    if (o->kind == KW_KEEP) { free(g_keep_copy); g_keep_copy = copy; d->keep = g_keep; d->keep_count = tool_split(copy, g_keep, 29); }
    else { free(g_drop_copy); g_drop_copy = copy; d->drop = g_drop; d->drop_count = tool_split(copy, g_drop, 31); }
    if (d->keep_count > 28 || d->drop_count > 30) { return opts_usage_error("at most 28 --keep and 30 --drop paths", a); }
    return -1;
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
/* an informer's "# stats" lines, after its resource's name when several are watched */
static void print_stats(kinf_informer_t* inf, const kinf_stats_t* s) { tool_print_stats(inf, s, g_multi); }
#ifndef KINF_NO_FACTORY
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
#endif
/* the dump of the one informer, or of the factory's */
static int dump(void) {
#ifndef KINF_NO_FACTORY
    if (g_multi) { return dump_factory(g_fac); }
#endif
    return dump_cache(tool_informer(0));
}
/* the objects cached by every informer watched */
static int count_objects(void) {
    int i, n = 0;
    for (i = 0; i < tool_informers(); i++) { n += kinf_count(tool_informer(i)); }
    return n;
}

/* One resource, a core/v1 plural or an API path: one informer, no discovery. */
static int open_informer(kinf_desc_t* d, const char* resource) {
    size_t size;
    kinf_handler_t h = handler();
    d->resource = resource;
    d->tag = "kwatch";
    size = kinf_informer_size(d);
    /* the one allocation: the library takes all its memory from here. SIZE_MAX:
       more than this system counts; kinf_init says why (MEMORY_OVERFLOW) */
    g_mem = size == SIZE_MAX ? 0 : malloc(size);
    if (!g_mem && size != SIZE_MAX) { fprintf(stderr, "kwatch: cannot allocate %zu bytes\n", size); return TOOL_EXIT_FAIL; }
    g_inf = kinf_init(g_mem, size, d);
    if (!g_inf) { return TOOL_EXIT_FAIL; }
    kinf_add_handler(g_inf, &h);
    tool_install_signals(on_usr1);
#ifndef KINF_NO_SNAPSHOT
    if (g_snapshot) { kinf_snapshot_load_file(g_inf, g_snapshot); } /* refused or absent: logged when it matters, and a LIST */
#endif
    g_t0 = tool_now_s();
    return -1;
}

#ifndef KINF_NO_FACTORY
/* does the RES of each RES=N row name a resource the server has, and
   (without --all) one that is watched? */
static int check_caps(const char* const* names, int n) {
    kinf_discovery_t* disc = kinf_factory_discovery(g_fac);
    int i;
    for (i = 0; i < g_ncaps; i++) {
        kinf_resource_t cr, r;
        int k, watched = g_all;
        char group[256];
        if (kinf_discovery_resolve(disc, g_caps[i].resource, &cr) != KINF_OK) { return TOOL_EXIT_FAIL; } /* logged */
        snprintf(group, sizeof(group), "%s/%s", cr.group, cr.plural);
        for (k = 0; k < n && !watched; k++) {
            char other[256];
            if (kinf_discovery_resolve(disc, names[k], &r) != KINF_OK) { break; } /* logged again below */
            snprintf(other, sizeof(other), "%s/%s", r.group, r.plural);
            watched = !strcmp(group, other);
        }
        if (!watched) {
            fprintf(stderr, "kwatch: %s=...: %s is not one of the resources watched\n", g_caps[i].resource, g_caps[i].resource);
            return TOOL_EXIT_USAGE;
        }
    }
    return -1;
}
/* Several resources (or one named as kubectl names it, or --all) on one loop:
   discovery resolves the names, a factory holds one informer each. */
static int open_factory(kinf_desc_t* d, char* list) {
    kinf_factory_desc_t fd;
    kinf_informer_req_t q;
    const char* names[64];
    int n = 0, i, rc;
    size_t size;
    memset(&fd, 0, sizeof(fd));
    memset(&q, 0, sizeof(q));
    if (list) { n = tool_split(list, names, 64); }
    if (!g_all && n == 0) { return opts_usage_error("missing RESOURCE", 0); }
    g_multi = g_all || n > 1;
    d->tag = 0; /* an informer's log lines carry its resource's name */
    fd.base = d;
    fd.max_informers = g_max_informers ? g_max_informers : g_all ? 64 : n;
    fd.rediscover_ms = g_rediscover_ms;
    fd.caps = g_caps; fd.caps_count = g_ncaps; /* each row's share is its resource's */
    size = kinf_factory_size(&fd);
    g_mem = malloc(size); /* the one allocation: every informer and the discovery take their memory from here */
    if (!g_mem) { fprintf(stderr, "kwatch: cannot allocate %zu bytes\n", size); return TOOL_EXIT_FAIL; }
    g_fac = kinf_factory_init(g_mem, size, &fd);
    if (!g_fac) { return TOOL_EXIT_FAIL; }
    tool_install_signals(on_usr1);
    g_t0 = tool_now_s();
    if (tool_discover() != KINF_OK) {
        kinf_discovery_t* disc = kinf_factory_discovery(g_fac);
        kinf_server_t sv = kinf_engine_server(kinf_discovery_engine(disc));
        if (!kinf_discovery_stats(disc).bytes_read) { fprintf(stderr, "kwatch: never reached the server at %s:%u\n", sv.host ? sv.host : "?", (unsigned)sv.port); }
        else { fprintf(stderr, "kwatch: giving up: discovery failed\n"); }
        return g_signal ? TOOL_EXIT_OK : TOOL_EXIT_FAIL;
    }
    if ((rc = check_caps(names, n)) >= 0) { return rc; }
    q.namespace_ = d->namespace_; q.label_selector = d->label_selector; q.field_selector = d->field_selector;
    q.keep = d->keep; q.keep_count = d->keep_count;
    if (g_all) {
        kinf_factory_all(g_fac, &q);
    } else {
        for (i = 0; i < n; i++) {
            q.resource = names[i];
            if (!kinf_factory_informer(g_fac, &q)) { return TOOL_EXIT_FAIL; } /* logged */
        }
    }
    g_handler = handler();
    tool_handle_new(&g_handler);
    kinf_factory_start(g_fac);
    return -1;
}
#endif

/* The watch, until it stops, --timeout passes, --exit-after-sync is met or
   the server refuses the request for good; the exit status so far. */
static int watch(void) {
    if (g_max_events == 0) { tool_stop(); }
    while (!tool_stopped()) {
        int wait = tool_wait(g_t0, 200);
        if (wait < 0) { break; }
        if (tool_poll(wait) != KINF_OK) { return TOOL_EXIT_FAIL; }
#ifndef KINF_NO_FACTORY
        if (g_fac) { tool_handle_new(&g_handler); } /* --all: a resource that appeared */
#endif
        if (tool_refused(g_all || tool_synced())) { return TOOL_EXIT_FAIL; }
        if (g_dump_now) {
            g_dump_now = 0;
            tool_flush();
            dump();
            printf("# end cache\n");
            fflush(stdout);
        }
        if (g_exit_after_sync && tool_synced() && !(g_inf && KW_STALE(g_inf))) {
            printf("# synced %d objects\n", count_objects());
            fflush(stdout);
            g_synced_printed = 1;
            break;   /* the snapshot is written below, at exit */
        }
#ifndef KINF_NO_SNAPSHOT
        if (g_snapshot) { kinf_snapshot_autosave(g_inf, g_snapshot, g_snapshot_interval, 0); }
#endif
    }
    return TOOL_EXIT_OK;
}

/* After the watch: the flush, the dump, the snapshot, the counters, and
   the exit status they make. */
static int finish(int rc) {
    uint64_t bytes, lost;
    if (g_exit_after_sync && !g_synced_printed && rc == TOOL_EXIT_OK && !g_signal) { rc = TOOL_EXIT_FAIL; }
    /* what the cache already holds reaches the handlers before the dump */
    if (!tool_events_done()) { tool_flush(); }
    if (g_dump && !dump()) { rc = TOOL_EXIT_FAIL; }
#ifndef KINF_NO_SNAPSHOT
    if (g_snapshot && kinf_snapshot_autosave(g_inf, g_snapshot, g_snapshot_interval, 1) < 0 && rc == TOOL_EXIT_OK) { rc = TOOL_EXIT_FAIL; }
#endif
    tool_totals(&bytes, &lost, g_stats ? print_stats : 0);
#ifndef KINF_NO_FACTORY
    if (g_stats && g_multi) {
        kinf_factory_stats_t fs = kinf_factory_stats(g_fac);
        kinf_discovery_stats_t ds = kinf_discovery_stats(kinf_factory_discovery(g_fac));
        fprintf(stderr, "# stats factory informers=%d synced=%d gone=%d informer_bytes=%zu fixed_bytes=%zu memory used=%zu capacity=%zu\n"
                        "# stats discovery rounds=%llu resources=%u aggregated=%d requests=%llu bytes_read=%llu\n",
                fs.informers, fs.synced, fs.gone, fs.informer_bytes, fs.fixed_bytes, fs.mem_used, fs.mem_capacity,
                (unsigned long long)ds.rounds, ds.resources, ds.aggregated, (unsigned long long)ds.requests, (unsigned long long)ds.bytes_read);
    }
#endif
    if (rc == TOOL_EXIT_OK && lost) { rc = TOOL_EXIT_CAPACITY; }
    if (rc == TOOL_EXIT_OK && bytes == 0 && tool_informers() && g_max_events != 0) {
#ifndef KINF_NO_FACTORY
        kinf_server_t sv = g_fac ? kinf_engine_server(kinf_discovery_engine(kinf_factory_discovery(g_fac))) : kinf_engine_server(kinf_informer_engine(g_inf));
#else
        kinf_server_t sv = kinf_engine_server(kinf_informer_engine(g_inf));
#endif
        fprintf(stderr, "kwatch: never reached the server at %s:%u\n", sv.host ? sv.host : "?", (unsigned)sv.port);
        rc = TOOL_EXIT_FAIL;
    }
    return rc;
}

/* what the command line asks for beside the options, once the
   configuration is read: -1 to go on, else the exit status */
static int check_resource(const char* resource) {
#ifndef KINF_NO_FACTORY
    if (g_snapshot && (g_all || !tool_plain_resource(resource))) {
        return opts_usage_error("--snapshot takes one RESOURCE, a core plural or an API path", g_all ? "--all" : resource);
    }
    if (g_snapshot && g_ncaps) { return opts_usage_error("--snapshot takes the capacities as numbers, not RES=N", g_snapshot); }
#else
    if (g_all || strchr(resource, ',')) { return opts_usage_error("this build has no discovery (KINF_NO_FACTORY): one RESOURCE, a plural or an API path", resource); }
#endif
#ifdef KINF_NO_SNAPSHOT
    if (g_snapshot) { return opts_usage_error("this build has no snapshots (KINF_NO_SNAPSHOT)", g_snapshot); }
#endif
    return -1;
}

int main(int argc, char** argv) {
    kinf_desc_t d;
    const char* resource = 0;
    void* work = 0;
    int npos, rc;
    opts_t cmd;

    memset(&cmd, 0, sizeof(cmd));
    cmd.rows = kw_opts; cmd.count = sizeof(kw_opts) / sizeof(kw_opts[0]);
    cmd.head = usage_head; cmd.tail = usage_tail;
    cmd.pos = &resource; cmd.max_pos = 1; cmd.too_many = "more than one RESOURCE";
    cmd.own = kw_option;
    memset(&d, 0, sizeof(d));
    d.max_objects = 16384;
    d.max_event_bytes = 1u << 20;
    d.store_bytes = 32u << 20;
    d.prefault_store = 1;
    /* reads of up to 1 MiB: a stream faster than kwatch costs few receive
       calls and window updates (docs/optimisation.md, step 25) */
    d.read_bytes = 1u << 20;
    rc = opts_parse(&cmd, argc, argv, &d, &npos);
#ifndef KINF_NO_WATCH_LIST
    if (rc < 0 && g_watch_list) {
        if (!strcmp(g_watch_list, "auto")) { d.watch_list = KINF_WATCH_LIST_AUTO; } else if (!strcmp(g_watch_list, "on")) { d.watch_list = KINF_WATCH_LIST_ON; }
        else if (!strcmp(g_watch_list, "off")) { d.watch_list = KINF_WATCH_LIST_OFF; } else { rc = opts_usage_error("--watch-list takes auto, on or off", g_watch_list); }
    }
#endif
    if (rc < 0 && !resource && !g_all) { rc = opts_usage_error("missing RESOURCE", 0); }
    if (rc < 0 && resource && g_all) { rc = opts_usage_error("--all takes no RESOURCE", resource); }
    if (rc < 0 && conn_config(&d, &work) != TOOL_EXIT_OK) { rc = TOOL_EXIT_FAIL; }
    d.logger.func = logger;
    if (rc < 0) { rc = check_resource(resource); }
#ifndef KINF_NO_FACTORY
    if (rc < 0 && (g_all || g_ncaps || !tool_plain_resource(resource))) {
        rc = open_factory(&d, (char*)(uintptr_t)resource); /* split in place: argv's */
    } else
#endif
    if (rc < 0) { rc = open_informer(&d, resource); }
    if (rc < 0) { rc = finish(watch()); }
#ifndef KINF_NO_FACTORY
    free_caps();
#endif
    tool_shutdown();
    free(work);
    free(g_keep_copy);
    free(g_drop_copy);
    return rc;
}
