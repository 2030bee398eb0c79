/* kwatch - a tiny `kubectl get -w` on kinformer. `kwatch --help` for usage. */
#define _POSIX_C_SOURCE 200809L
#define KINFORMER_IMPLEMENTATION
#include "../kinformer.h"
#define TOOL_NAME "kwatch"
#define TOOL_CAPACITY_FLAGS /* --max-objects, --max-object-bytes, --store-bytes: errors name them */
#ifdef KW_NO_KUBECTL
#define TOOL_NO_SUMMARY /* kwatch-small: each error line as it comes */
#endif
#include "opts.h"
#include "tool.h"
#include "conn.h"
#ifndef KW_NO_KUBECTL /* the kubectl formats (-o yaml, wide, jsonpath=, custom-columns=); kwatch-small goes without */
#include "kwprint.h"
#endif
#include <sys/stat.h>

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
#ifndef KINF_NO_FACTORY
static size_t g_memory;            /* --memory: the factory's whole block, its store budget the rest */
static size_t g_store_floor;       /* --store-floor: what each store keeps of the budget */
static int g_objects_floor;        /* --objects-floor: the objects each informer's tables keep of it */
#define KW_ALL_STORE (64u << 20)  /* --all without --memory: the objects' budget */
#define KW_MIN_STORE (1u << 20)   /* --memory leaves at least this for the objects */
#define KW_UNSET_SIZE ((size_t)-1) /* a size option not given (its default depends on --all) */
#endif
enum { KW_O_NAME, KW_O_JSON, KW_O_NONE, KW_O_YAML, KW_O_WIDE, KW_O_JSONPATH, KW_O_COLUMNS };
static int g_output;            /* KW_O_* */
#ifndef KW_NO_KUBECTL
static kwp_tmpl g_tmpl;         /* -o jsonpath='s template */
static kwp_tmpl g_cols[KWP_MAX_COLS]; /* -o custom-columns='s paths, */
static const char* g_col_head[KWP_MAX_COLS]; /* and headers */
static int g_ncols;
static char* g_cols_copy;
static char* g_full;            /* an object's JSON with its identity, for the kubectl formats */
static size_t g_full_cap;
static int g_headed;            /* the table's header is printed */
static int g_wide_kind = -1, g_wide_ns; /* -o wide: 1 pods, 2 nodes, 0 another; a NAMESPACE column */
#define KW_TABLE_FLUSH() do { if (g_output == KW_O_WIDE || g_output == KW_O_COLUMNS) { kwp_table_flush(); } } while (0)
#else
#define KW_TABLE_FLUSH() do { } while (0)
#endif
static int g_watch_only, g_version;
#ifndef KW_NO_KUBECTL
static int g_all_ns, g_watch_flag;
#endif
static const char* g_snapshot_dir; /* --snapshot-dir DIR: one file per resource */
static const char* g_resource;  /* RESOURCE as given (TYPE of TYPE/NAME) */
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
#define KW_SNAPSHOTS (g_snapshot || g_snapshot_dir)
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
static void print_object(FILE* f, const kinf_object_t* o) {
    kinf_value_t md, nm;
    const char* j = o->json;
    size_t at;
    int has_md;
    if (kinf_field(o, "metadata.name", &nm) && nm.ptr >= j && nm.ptr < j + o->json_len) { fputs(j, f); return; }
    has_md = kinf_field(o, "metadata", &md) && md.type == KINF_VOBJECT;
    at = has_md ? (size_t)(md.ptr - j) + 1 : 1; /* after the '{' that opens metadata, or the object */
    fwrite(j, 1, at, f);
    if (!has_md) { fputs("\"metadata\":{", f); }
    fprintf(f, "\"name\":\"%s\"", o->name);
    if (o->namespace_[0]) { fprintf(f, ",\"namespace\":\"%s\"", o->namespace_); }
    if (o->uid[0]) { fprintf(f, ",\"uid\":\"%s\"", o->uid); }
    fprintf(f, ",\"resourceVersion\":\"%s\"", o->resource_version);
    if (!has_md) { fputc('}', f); }
    if (j[at] != '}') { fputc(',', f); }
    fputs(j + at, f);
}
#ifndef KW_NO_KUBECTL
/* the object's JSON with its identity (as -o json prints it) in g_full; its
   length, 0 when it does not fit */
static size_t full_object(const kinf_object_t* o) {
    FILE* f = fmemopen(g_full, g_full_cap, "w");
    long n;
    if (!f) { return 0; }
    print_object(f, o);
    n = ftell(f);
    fclose(f);
    return n > 0 && (size_t)n < g_full_cap ? (size_t)n : 0;
}
/* -o wide's columns: the resource's kind and a NAMESPACE column, from the
   first object */
static void wide_kind(kinf_informer_t* inf, const kinf_object_t* o) {
    const char* r = g_resource;
    const char* group = "";
#ifndef KINF_NO_FACTORY
    kinf_resource_t res;
    if (g_fac && kinf_factory_resource(g_fac, inf, &res) == KINF_OK) { r = res.name; group = res.group; }
#endif
    (void)inf;
    if (r && !strncmp(r, "/api/v1/", 8)) { r += 8; }
    g_wide_kind = group[0] || !r ? 0 : !strcmp(r, "pods") ? 1 : !strcmp(r, "nodes") ? 2 : 0;
    g_wide_ns = o->namespace_[0] != 0;
}
/* one object in a kubectl format: yaml, wide, jsonpath, custom-columns */
static void print_kubectl(kinf_informer_t* inf, const kinf_object_t* o) {
    size_t n = full_object(o);
    kinf_value_t v;
    if (!n) { fprintf(stderr, "kwatch: %s: too large to print\n", o->key); return; }
    memset(&v, 0, sizeof v);
    v.type = KINF_VOBJECT; v.ptr = g_full; v.len = n;
    if (g_output == KW_O_YAML) { kwp_yaml(g_full, n); }
    else if (g_output == KW_O_JSONPATH) { kwp_jsonpath(&g_tmpl, g_full, n); }
    else if (g_output == KW_O_COLUMNS) {
        static char cells[KWP_MAX_COLS][KWP_CELL];
        const char* row[KWP_MAX_COLS];
        int k;
        if (!g_headed++) { kwp_row(g_col_head, g_ncols); }
        for (k = 0; k < g_ncols; k++) { kwp_cell_of(&g_cols[k], &v, cells[k], KWP_CELL); row[k] = cells[k]; }
        kwp_row(row, g_ncols);
    } else {
        static char cells[KWP_MAX_COLS][KWP_CELL];
        const char* row[KWP_MAX_COLS];
        kinf_object_t full = *o;
        int k, nc;
        double now = (double)time(0);
        full.json = g_full; full.json_len = n;
        if (g_wide_kind < 0) { wide_kind(inf, o); }
        if (!g_headed++) {
            nc = kwp_wide(g_wide_kind, g_wide_ns, &full, now, cells, 1);
            for (k = 0; k < nc; k++) { row[k] = cells[k]; }
            kwp_row(row, nc);
        }
        nc = kwp_wide(g_wide_kind, g_wide_ns, &full, now, cells, 0);
        for (k = 0; k < nc; k++) { row[k] = cells[k]; }
        kwp_row(row, nc);
    }
}
#endif
/* res: the resource's name, on every line when several are watched */
static void print_event(kinf_informer_t* inf, const char* type, const kinf_object_t* o, int fsu, const char* res) {
    if (!g_multi) { res = 0; }
#ifndef KW_NO_KUBECTL
    if (g_output >= KW_O_YAML) {
        if (!(o->flags & KINF_OBJ_IDENTITY_ONLY)) { print_kubectl(inf, o); }
    } else
#else
    (void)inf;
#endif
    if (g_output == 0) {
        printf("%s%s %s%s%s %s\n", type, fsu ? "!" : "", res ? res : "", res ? " " : "", o->key, o->resource_version);
    } else if (g_output == 1) {
        printf("{\"type\":\"%s\",%s%s%s%s%s\"object\":", type, res ? "\"resource\":\"" : "", res ? res : "", res ? "\"," : "",
               fsu ? "\"finalStateUnknown\":true," : "", (o->flags & KINF_OBJ_IDENTITY_ONLY) ? "\"oversized\":true," : "");
        print_object(stdout, o);
        fputs("}\n", stdout);
    }
    fflush(stdout);
}
static void on_add(kinf_informer_t* inf, const kinf_object_t* o, void* u) {
    if (tool_events_done() || (g_watch_only && !kinf_has_synced(inf))) { return; }
    print_event(inf, "ADDED", o, 0, (const char*)u); tool_count_event();
}
static void on_update(kinf_informer_t* inf, const kinf_object_t* old, const kinf_object_t* o, void* u) {
    (void)old;
    if (tool_events_done()) { return; }
    print_event(inf, "MODIFIED", o, 0, (const char*)u); tool_count_event();
}
/* an object that did not fit: its identity only, on the line its change would
   have had (json adds "oversized":true); the exit status says 3 */
static void on_oversized(kinf_informer_t* inf, const kinf_object_t* old, const kinf_object_t* o, void* u) {
    if (tool_events_done() || (g_watch_only && !old && !kinf_has_synced(inf))) { return; }
    print_event(inf, old ? "MODIFIED" : "ADDED", o, 0, (const char*)u); tool_count_event();
}
static void on_delete(kinf_informer_t* inf, const kinf_object_t* o, int fsu, void* u) {
    if (tool_events_done()) { return; }
    print_event(inf, "DELETED", o, fsu, (const char*)u); tool_count_event();
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
#ifndef KW_NO_KUBECTL
    { "-A", "--all-namespaces", OPT_SET, OPT_VAR(g_all_ns),
      "  -A, --all-namespaces   every namespace (kwatch's default without -n; as kubectl's, it wins over -n)\n" },
#endif
    CONN_OPTS(CONN_TLS_TIME_HELP),
    { "-o", "--output", KW_OUTPUT, OPT_VAR(g_output),
      "  -o name|json|none      name: one line per handler event, \"ADDED ns/name RV\" (also\n"
      "                         MODIFIED, DELETED, and DELETED! for a final-state-unknown delete);\n"
      "                         json: the event as one JSON line {\"type\":..,\"object\":..}\n"
      "                         (a final-state-unknown delete adds \"finalStateUnknown\":true, an\n"
      "                         object too large to keep \"oversized\":true and its identity only)\n"
#ifndef KW_NO_KUBECTL
      "  -o yaml|wide|jsonpath=TEMPLATE|custom-columns=HEADER:PATH[,HEADER:PATH...]\n"
      "                         each object as kubectl get -w prints it: YAML documents, a table\n"
      "                         (kubectl's columns for pods and nodes, else NAME AGE), a jsonpath\n"
      "                         template ({.path}, [n], [*], {range ...}{end}, {\"text\"}), or columns\n"
#endif
      },
#ifndef KW_NO_KUBECTL
    { "-w", "--watch", OPT_SET, OPT_VAR(g_watch_flag), "  -w, --watch            accepted as kubectl takes it: kwatch always watches\n" },
    { "--watch-only", 0, OPT_SET, OPT_VAR(g_watch_only),
      "  --watch-only           print the changes after the initial list only (no ADDED line for\n"
      "                         the objects listed at start)\n" },
#endif
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
#ifndef KINF_NO_SNAPSHOT
    { "--snapshot-dir", 0, OPT_STR, OPT_VAR(g_snapshot_dir),
      "  --snapshot-dir DIR     as --snapshot, one file per resource in DIR (several RESOURCEs),\n"
      "                         named GROUP_VERSION_PLURAL.snap (core: v1_pods.snap)\n" },
#endif
    { "--snapshot-interval", 0, OPT_INT, OPT_VAR(g_snapshot_interval),
      "  --snapshot-interval S  seconds between two snapshot writes at least (default 30)\n" },
    { "--keep", 0, KW_KEEP, OPT_NONE,
      "  --keep PATH[,PATH...]  project each object to these JSON paths (identity metadata\n"
      "                         always kept), e.g. --keep metadata.labels,spec.nodeName,status.phase\n" },
    { "--drop", 0, KW_DROP, OPT_NONE,
      "  --drop PATH[,PATH...]  drop these paths (metadata.managedFields is dropped by default)\n" },
    TOOL_SKIP_UNCHANGED_OPT(
      "  --skip-unchanged       no MODIFIED line for an update that changes nothing kept (--keep, --drop)\n"
      "                         but metadata.resourceVersion and metadata.managedFields\n")
    { "--keep-managed-fields", 0, OPT_SET, OPT_DESC(no_default_drop),
      "  --keep-managed-fields  keep metadata.managedFields (stored with the object, as client-go does)\n" },
    TOOL_CAPACITY_OPTS(KW_CAP_INT, KW_CAP_SIZE, "\n"
      "                         (defaults 16384 objects, 1 MiB per object, 32 MiB of objects)\n" KW_CAPS_HELP),
    { "--read-bytes", 0, OPT_SIZE, OPT_DESC(read_bytes),
      "  --read-bytes B         socket read buffer (default 1 MiB, with --all 16 KiB; 0: the library's 16 KiB)\n" },
    { "--fifo", 0, OPT_INT, OPT_DESC(fifo_capacity), "  --fifo N               stop reading the socket when N keys wait for delivery\n" },
    { "--no-prefault", 0, OPT_CLEAR, OPT_DESC(prefault_store),
      "  --no-prefault          take a page fault per store page instead of faulting the store in\n"
      "                         batches ahead of its top (Linux; see kinformer.h MEMORY)\n" },
    { "--list-limit", 0, OPT_INT, OPT_DESC(list_limit), "  --list-limit N         LIST page size (default 500)\n" },
    CONN_IDLE_TIMEOUT_OPT,
    { "--watch-timeout", 0, OPT_INT, OPT_DESC(watch_timeout_s),
      "  --watch-timeout SECONDS  timeoutSeconds of each watch (default random 300-600)\n" },
#ifndef KINF_NO_RESYNC /* kwatch-small goes without */
    { "--resync", 0, OPT_MS, OPT_DESC(resync_period_ms),
      "  --resync SECONDS       deliver every cached object again as MODIFIED this often\n" },
#endif
    TOOL_VERBOSE_OPT,
#ifndef KW_NO_KUBECTL
    TOOL_RETRY_FOREVER_OPT,
#endif
    { "--all", 0, OPT_SET, OPT_VAR(g_all),
      "  --all                  every resource the server has that can be listed and watched (CRDs\n"
      "                         too; only namespaced ones with -n), and those that appear later\n" },
    { "--rediscover", 0, OPT_MS, OPT_VAR(g_rediscover_ms),
      "  --rediscover SECONDS   with --all: run discovery again this often (default 30)\n" },
    { "--max-informers", 0, OPT_INT, OPT_VAR(g_max_informers),
      "  --max-informers N      informers for several resources (default: one per RESOURCE, 64 with --all);\n"
      "                         each has the memory capacities above, but with --memory (always with\n"
      "                         --all) their stores and tables share its budget and --max-objects is a cap\n" },
#ifndef KINF_NO_FACTORY
    { "--memory", 0, OPT_SIZE, OPT_VAR(g_memory),
      "  --memory SIZE          one block for all the informers (e.g. 256Mi): their fixed parts, and\n"
      "                         the rest one budget their stores share (--store-bytes is then no cap;\n"
      "                         RES=N is that resource's). Default with --all: the fixed parts + 64 MiB\n" },
    { "--store-floor", 0, OPT_SIZE, OPT_VAR(g_store_floor),
      "  --store-floor SIZE     with a budget: the bytes each store keeps whatever the others need\n" },
    { "--objects-floor", 0, OPT_INT, OPT_VAR(g_objects_floor),
      "  --objects-floor N      with a budget: the objects each informer's tables keep whatever the\n"
      "                         others need (default 64; at most --max-objects)\n" },
#endif
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
    { "--version", 0, OPT_SET, OPT_VAR(g_version), "  --version              print the version and exit\n" },
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
        if (!strcmp(v, "name")) { *(int*)t = KW_O_NAME; } else if (!strcmp(v, "json")) { *(int*)t = KW_O_JSON; }
        else if (!strcmp(v, "none")) { *(int*)t = KW_O_NONE; }
#ifdef KW_NO_KUBECTL
        else { return opts_usage_error("-o takes name, json or none", v); }
#else
        else if (!strcmp(v, "yaml")) { *(int*)t = KW_O_YAML; }
        else if (!strcmp(v, "wide")) { *(int*)t = KW_O_WIDE; }
        else if (!strncmp(v, "jsonpath=", 9)) {
            const char* why;
            *(int*)t = KW_O_JSONPATH;
            if (!kwp_compile(v + 9, &g_tmpl, 0, &why)) { return opts_usage_error(why, v); }
        } else if (!strncmp(v, "custom-columns=", 15)) {
            const char* parts[KWP_MAX_COLS + 1];
            const char* why;
            int k;
            *(int*)t = KW_O_COLUMNS;
            free(g_cols_copy);
            if (!(g_cols_copy = strdup(v + 15))) { return TOOL_EXIT_FAIL; }
            g_ncols = tool_split(g_cols_copy, parts, KWP_MAX_COLS + 1);
            if (g_ncols == 0 || g_ncols > KWP_MAX_COLS) { return opts_usage_error("custom-columns takes 1 to 32 HEADER:PATH columns", v); }
            for (k = 0; k < g_ncols; k++) {
                char* colon = strchr(parts[k], ':');
                if (!colon) { return opts_usage_error("expected HEADER:PATH", parts[k]); }
                *colon = 0;
                g_col_head[k] = parts[k];
                if (!kwp_compile(colon + 1, &g_cols[k], 1, &why)) { return opts_usage_error(why, colon + 1); }
            }
        } else { return opts_usage_error("-o takes name, json, none, yaml, wide, jsonpath=TEMPLATE or custom-columns=SPEC", v); }
#endif
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

#ifndef KINF_NO_SNAPSHOT
/* the snapshot file of an informer: --snapshot's, or in --snapshot-dir one
   per resource, GROUP_VERSION_PLURAL.snap (v1_pods.snap for the core group),
   every byte outside [a-z0-9.-] written as '_'. 0 when it has none */
static const char* snapshot_path(kinf_informer_t* inf, char* buf, size_t cap) {
    char name[256];
    const char* group = "";
    const char* version = "v1";
    const char* plural = g_resource;
    size_t k;
    int named = 0;              /* by discovery */
    if (!inf) { return 0; }
    if (g_snapshot) { return g_snapshot; }
#ifndef KINF_NO_FACTORY
    {
        kinf_resource_t r;
        if (g_fac) {
            if (kinf_factory_resource(g_fac, inf, &r) != KINF_OK) { return 0; }
            group = r.group; version = r.version; plural = r.plural; named = 1;
        }
    }
#endif
    if (!named && plural && plural[0] == '/') {
        /* /api/v1/PLURAL or /apis/GROUP/VERSION/PLURAL */
        snprintf(name, sizeof name, "%s", plural + (strncmp(plural, "/apis/", 6) ? 5 : 6));
    } else {
        snprintf(name, sizeof name, "%s%s%s/%s", group, group[0] ? "/" : "", version, plural ? plural : "");
    }
    for (k = 0; name[k]; k++) {
        char c = name[k];
        if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' || c == '-')) { name[k] = '_'; }
    }
    snprintf(buf, cap, "%s/%s.snap", g_snapshot_dir, name);
    return buf;
}
/* every informer's snapshot loaded, before the first poll */
static void snapshot_load(void) {
#ifndef KINF_NO_SNAPSHOT
    int i;
    char buf[4096];
    for (i = 0; KW_SNAPSHOTS && i < tool_informers(); i++) {
        const char* p = snapshot_path(tool_informer(i), buf, sizeof buf);
        if (p) { kinf_snapshot_load_file(tool_informer(i), p); }
    }
#endif
}
/* every informer's snapshot written when due (final: at exit); -1 when a
   write failed */
static int snapshot_save(int final) {
    int rc = 0;
#ifndef KINF_NO_SNAPSHOT
    int i;
    char buf[4096];
    for (i = 0; i < tool_informers(); i++) {
        const char* p = snapshot_path(tool_informer(i), buf, sizeof buf);
        if (p && kinf_snapshot_autosave(tool_informer(i), p, g_snapshot_interval, final) < 0) { rc = -1; }
    }
#else
    (void)final;
#endif
    return rc;
}
#endif
/* is an informer still serving a snapshot the server has not confirmed? */
static int any_stale(void) {
    int i;
    for (i = 0; i < tool_informers(); i++) { if (tool_informer(i) && KW_STALE(tool_informer(i))) { return 1; } }
    return 0;
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
    snapshot_load(); /* refused or absent: logged when it matters, and a LIST */
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
    if (g_memory || g_all) { /* one store budget: what the block's fixed parts leave */
        size_t fixed;
        fd.store_budget = 8;
        fixed = kinf_factory_size(&fd);
        if (fixed == 0 || fixed == SIZE_MAX) { fprintf(stderr, "kwatch: the capacities add up to more bytes than a size_t counts\n"); return TOOL_EXIT_FAIL; }
        fixed -= 8;
        if (g_memory && g_memory < fixed + KW_MIN_STORE) {
            char why[256];
            snprintf(why, sizeof(why), "--memory is too small: %d informers' fixed parts take %zu MiB, and the objects need 1 MiB more at least (or lower --max-informers, --max-objects, --max-event-bytes)",
                     fd.max_informers, (fixed + (1u << 20) - 1) >> 20);
            return opts_usage_error(why, 0);
        }
        fd.store_budget = g_memory ? g_memory - fixed : KW_ALL_STORE;
        fd.store_floor = g_store_floor;
        fd.objects_floor = g_objects_floor;
    }
    size = kinf_factory_size(&fd);
    g_mem = malloc(size); /* the one allocation: every informer and the discovery take their memory from here */
    if (!g_mem) { fprintf(stderr, "kwatch: cannot allocate %zu bytes\n", size); return TOOL_EXIT_FAIL; }
    g_fac = kinf_factory_init(g_mem, size, &fd);
    if (!g_fac) { return TOOL_EXIT_FAIL; }
    tool_install_signals(on_usr1);
    g_t0 = tool_now_s();
    if (tool_discover() != KINF_OK) {
        kinf_discovery_t* disc = kinf_factory_discovery(g_fac);
        if (tool_give_up(0)) { return TOOL_EXIT_FAIL; }
        kinf_server_t sv = kinf_engine_server(kinf_discovery_engine(disc));
        if (!kinf_discovery_stats(disc).bytes_read) { fprintf(stderr, "kwatch: never reached the server at %s:%u\n", sv.host ? sv.host : "?", (unsigned)sv.port); }
        else { fprintf(stderr, "kwatch: giving up: discovery failed\n"); }
        return g_signal ? TOOL_EXIT_OK : TOOL_EXIT_FAIL;
    }
    if ((rc = check_caps(names, n)) >= 0) { return rc; }
    if (g_all) { g_fail_fast = 0; } /* discovery answered; an informer of --all that is refused does not end the others */
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
#ifndef KINF_NO_SNAPSHOT
    snapshot_load(); /* before the first poll: the informers' stores are empty */
#endif
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
        if (wait < 0) {
            if (!tool_synced() && !g_exit_after_sync && tool_bytes()) { /* nothing read: "never reached" below */
                tool_log_flush();
                fprintf(stderr, "kwatch: --timeout passed before the first sync\n");
                return TOOL_EXIT_FAIL;
            }
            break;
        }
        if (tool_poll(wait) != KINF_OK) { return TOOL_EXIT_FAIL; }
        if (tool_give_up(g_all || tool_synced())) { return TOOL_EXIT_FAIL; }
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
        if (tool_synced()) { KW_TABLE_FLUSH(); } /* the initial list's table, aligned */
        if (g_exit_after_sync && tool_synced() && !any_stale()) {
            tool_log_flush(); /* the errors of the initial list are said before it */
            printf("# synced %d objects\n", count_objects());
            fflush(stdout);
            g_synced_printed = 1;
            break;   /* the snapshot is written below, at exit */
        }
#ifndef KINF_NO_SNAPSHOT
        if (KW_SNAPSHOTS) { snapshot_save(0); }
#endif
    }
    if (tool_give_up(g_all || tool_synced())) { return TOOL_EXIT_FAIL; } /* the logger stopped the watch */
    return TOOL_EXIT_OK;
}

/* After the watch: the flush, the dump, the snapshot, the counters, and
   the exit status they make. */
static int finish(int rc) {
    uint64_t bytes, lost;
    tool_log_flush();
    if (g_exit_after_sync && !g_synced_printed && rc == TOOL_EXIT_OK && !g_signal) { rc = TOOL_EXIT_FAIL; }
    /* what the cache already holds reaches the handlers before the dump */
    if (!tool_events_done()) { tool_flush(); }
    KW_TABLE_FLUSH();
    if (g_dump && !dump()) { rc = TOOL_EXIT_FAIL; }
#ifndef KINF_NO_SNAPSHOT
    if (KW_SNAPSHOTS && snapshot_save(1) < 0 && rc == TOOL_EXIT_OK) { rc = TOOL_EXIT_FAIL; }
#endif
    tool_totals(&bytes, &lost, g_stats ? print_stats : 0);
#ifndef KINF_NO_FACTORY
    if (g_stats && g_multi) {
        kinf_factory_stats_t fs = kinf_factory_stats(g_fac);
        kinf_discovery_stats_t ds = kinf_discovery_stats(kinf_factory_discovery(g_fac));
        fprintf(stderr, "# stats factory informers=%d synced=%d gone=%d informer_bytes=%zu fixed_bytes=%zu memory used=%zu capacity=%zu"
                        " store_budget=%zu granted=%zu budget_full=%d moves=%llu objects=%d tables=%zu\n"
                        "# stats discovery rounds=%llu resources=%u aggregated=%d requests=%llu bytes_read=%llu\n",
                fs.informers, fs.synced, fs.gone, fs.informer_bytes, fs.fixed_bytes, fs.mem_used, fs.mem_capacity,
                fs.store_budget, fs.store_granted, fs.budget_full, (unsigned long long)fs.store_moves, fs.objects_granted, fs.tables_granted,
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

#ifndef KW_NO_KUBECTL
/* the kubectl formats' two buffers: an object with its identity, and any
   one of its strings decoded; as large as the largest object kept */
static int output_buffers(const kinf_desc_t* d) {
    size_t most = d->max_event_bytes;
#ifndef KINF_NO_FACTORY
    int k;
    for (k = 0; k < g_ncaps; k++) { if (g_caps[k].max_event_bytes > most) { most = g_caps[k].max_event_bytes; } }
#endif
    g_full_cap = most + 4096; /* the identity put back: name, namespace, uid, resourceVersion */
    g_full = (char*)malloc(g_full_cap);
    return g_full && kwp_init(g_full_cap);
}
#endif
#ifndef KW_NO_KUBECTL
/* kubectl's verbs, said to a user who types them out of habit */
static int is_verb(const char* w) {
    static const char* const verbs[] = { "get", "watch", "list", "describe", 0 };
    int k;
    for (k = 0; verbs[k]; k++) { if (!strcmp(w, verbs[k])) { return 1; } }
    return 0;
}
#endif
/* a core/v1 resource with no namespace, as a plural or its API path */
static int cluster_scoped_core(const char* r) {
    static const char* const names[] = { "nodes", "namespaces", "persistentvolumes", "componentstatuses", 0 };
    int k;
    if (!strncmp(r, "/api/v1/", 8)) { r += 8; }
    for (k = 0; names[k]; k++) { if (!strcmp(r, names[k])) { return 1; } }
    return 0;
}
/* The positional arguments and what the options say together: "get" (and
   kubectl's other verbs) said to be none; TYPE/NAME as a field selector on
   the name; -A; -n with a cluster-scoped core resource. -1 to go on, else
   the exit status. */
static int command_line(const char* const* pos, int npos, kinf_desc_t* d, const char** resource) {
    const char* r = npos ? pos[0] : 0;
#ifndef KW_NO_KUBECTL
    static char type[256], fsel[1024], tn[512];
    const char* slash;
    if (npos == 2 && is_verb(pos[0])) {
        fprintf(stderr, "kwatch: kwatch has no verbs: try 'kwatch %s'\n", pos[1]);
        fputs("Try 'kwatch --help'.\n", stderr);
        return TOOL_EXIT_USAGE;
    }
    if (npos == 1 && is_verb(pos[0]) && !g_all) {
        fprintf(stderr, "kwatch: kwatch has no verbs: try 'kwatch RESOURCE' (such as 'kwatch pods')\n");
        fputs("Try 'kwatch --help'.\n", stderr);
        return TOOL_EXIT_USAGE;
    }
    if (g_all_ns) { d->namespace_ = 0; }
    /* TYPE NAME, as kubectl get takes it beside TYPE/NAME: one object */
    if (npos == 2 && r && r[0] != '/' && !strchr(r, '/') && !strchr(r, ',') && !strchr(pos[1], '/') && !strchr(pos[1], ',') && !g_all) {
        snprintf(tn, sizeof tn, "%s/%s", r, pos[1]);
        r = tn;
        npos = 1;
    }
    if (r && r[0] != '/' && (slash = strchr(r, '/')) != 0) {
        size_t n = (size_t)(slash - r);
        if (strchr(r, ',')) { return opts_usage_error("TYPE/NAME names one object of one resource", r); }
        if (!n || !slash[1] || strchr(slash + 1, '/') || n >= sizeof type) { return opts_usage_error("expected TYPE/NAME", r); }
        memcpy(type, r, n); type[n] = 0;
        if (d->field_selector && d->field_selector[0]) { snprintf(fsel, sizeof fsel, "%s,metadata.name=%s", d->field_selector, slash + 1); }
        else { snprintf(fsel, sizeof fsel, "metadata.name=%s", slash + 1); }
        d->field_selector = fsel;
        r = type;
    }
    if ((g_output == KW_O_WIDE || g_output == KW_O_COLUMNS) && (g_all || (r && strchr(r, ',')))) {
        return opts_usage_error("-o wide and -o custom-columns print one resource's table: name one RESOURCE", g_all ? "--all" : r);
    }
    if (npos == 2) { return opts_usage_error("more than one RESOURCE", pos[1]); }
#endif
    if (r && d->namespace_ && d->namespace_[0] && !strchr(r, ',') && cluster_scoped_core(r)) {
        fprintf(stderr, "kwatch: error CLUSTER_SCOPED: a namespace was given for a cluster-scoped resource: %s\n", r);
        return TOOL_EXIT_FAIL;
    }
    *resource = g_resource = r;
    return -1;
}

/* what the command line asks for beside the options, once the
   configuration is read: -1 to go on, else the exit status */
static int check_resource(const char* resource) {
#ifndef KINF_NO_FACTORY
    if (g_snapshot_dir) {
        struct stat st;
        if (stat(g_snapshot_dir, &st) != 0 || !S_ISDIR(st.st_mode)) { return opts_usage_error("--snapshot-dir: not a directory", g_snapshot_dir); }
    }
    if (g_snapshot && g_snapshot_dir) { return opts_usage_error("--snapshot and --snapshot-dir: one or the other", g_snapshot); }
    if (g_snapshot && (g_all || strchr(resource, ','))) {
        return opts_usage_error("--snapshot FILE takes one RESOURCE: --snapshot-dir DIR keeps one file per resource", g_all ? "--all" : resource);
    }
#else
    if (g_all || strchr(resource, ',')) { return opts_usage_error("this build has no discovery (KINF_NO_FACTORY): one RESOURCE, a plural or an API path", resource); }
#endif
#ifdef KINF_NO_SNAPSHOT
    if (KW_SNAPSHOTS) { return opts_usage_error("this build has no snapshots (KINF_NO_SNAPSHOT)", g_snapshot ? g_snapshot : g_snapshot_dir); }
#endif
    return -1;
}

int main(int argc, char** argv) {
    kinf_desc_t d;
#ifndef KW_NO_KUBECTL
    kinf_desc_t given;
#endif
    const char* pos[2] = { 0, 0 };
    const char* resource = 0;
    void* work = 0;
    int npos, rc;
    opts_t cmd;

    memset(&cmd, 0, sizeof(cmd));
    cmd.rows = kw_opts; cmd.count = sizeof(kw_opts) / sizeof(kw_opts[0]);
    cmd.head = usage_head; cmd.tail = usage_tail;
#ifndef KW_NO_KUBECTL
    cmd.pos = pos; cmd.max_pos = 2; cmd.too_many = "more than one RESOURCE"; /* a second: "get pods" */
#else
    cmd.pos = pos; cmd.max_pos = 1; cmd.too_many = "more than one RESOURCE";
#endif
    cmd.own = kw_option;
    memset(&d, 0, sizeof(d));
    d.max_objects = 16384;
    d.max_event_bytes = 1u << 20;
    d.store_bytes = 32u << 20;
    d.prefault_store = 1;
    /* reads of up to 1 MiB: a stream faster than kwatch costs few receive
       calls and window updates (docs/optimisation.md, step 25) */
#ifndef KINF_NO_FACTORY
    d.read_bytes = KW_UNSET_SIZE;
    rc = opts_parse(&cmd, argc, argv, &d, &npos);
    /* 64 informers of --all: each its own read buffer, the library's size */
    if (d.read_bytes == KW_UNSET_SIZE) { d.read_bytes = g_all ? 0 : 1u << 20; }
#else
    d.read_bytes = 1u << 20;
    rc = opts_parse(&cmd, argc, argv, &d, &npos);
#endif
    if (rc < 0 && g_version) {
        printf("kwatch (kinformer) %d.%d.%d\n", KINF_VERSION_MAJOR, KINF_VERSION_MINOR, KINF_VERSION_PATCH);
        rc = TOOL_EXIT_OK;
    }
    if (rc < 0) { rc = command_line(pos, npos, &d, &resource); }
#ifndef KINF_NO_WATCH_LIST
    if (rc < 0 && g_watch_list) {
        if (!strcmp(g_watch_list, "auto")) { d.watch_list = KINF_WATCH_LIST_AUTO; } else if (!strcmp(g_watch_list, "on")) { d.watch_list = KINF_WATCH_LIST_ON; }
        else if (!strcmp(g_watch_list, "off")) { d.watch_list = KINF_WATCH_LIST_OFF; } else { rc = opts_usage_error("--watch-list takes auto, on or off", g_watch_list); }
    }
#endif
    if (rc < 0 && !resource && !g_all) { rc = opts_usage_error("missing RESOURCE", 0); }
    if (rc < 0 && resource && g_all) { rc = opts_usage_error("--all takes no RESOURCE", resource); }
#ifndef KW_NO_KUBECTL
    given = d;
#endif
    if (rc < 0 && conn_config(&d, &work) != TOOL_EXIT_OK) { rc = TOOL_EXIT_FAIL; }
#ifndef KW_NO_KUBECTL /* kwatch-small retries as an agent does */
    if (rc < 0 && conn_check_files(&d, &given) != TOOL_EXIT_OK) { rc = TOOL_EXIT_FAIL; }
    tool_fail_fast(&d);
#endif
    d.logger.func = logger;
    if (rc < 0) { rc = check_resource(resource); }
#ifndef KW_NO_KUBECTL
    if (rc < 0 && g_output >= KW_O_YAML && !output_buffers(&d)) { fprintf(stderr, "kwatch: cannot allocate the output buffers\n"); rc = TOOL_EXIT_FAIL; }
#endif
#ifndef KINF_NO_FACTORY
    if (rc < 0 && (g_all || g_ncaps || g_memory || !tool_plain_resource(resource))) {
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
#ifndef KW_NO_KUBECTL
    free(g_cols_copy);
    free(g_full);
    kwp_free();
#endif
    return rc;
}
