/* khub - every process on a node served from one watch per resource, online
   or offline: a node-local server of list, watch, get and discovery on
   kinformer's factory and hub. `khub --help` for usage; docs/khub.md. */
#define _POSIX_C_SOURCE 200809L
#define KINFORMER_IMPLEMENTATION
#include "../kinformer.h"
#define TOOL_NAME "khub"
#include "opts.h"
#include "tool.h"
#include "conn.h"

static const char* usage_head =
    "usage: khub --server URL [connection flags] --listen ADDR [--listen ADDR ...]\n"
    "            [--client-token-file F | --no-client-auth] [--snapshot-dir DIR] [--memory SIZE]\n"
    "            [--max-clients N] [-n NS] [-l SEL] [--field-selector SEL] RESOURCE[,RESOURCE...]\n"
    "Serves list, watch, get and discovery of the resources named to the clients of this node, from\n"
    "one watch of the API server per resource (docs/khub.md).\n"
    "\n"
    "  RESOURCE               named as kwatch names them: pods, po, deploy, deployments.apps, ...\n";
static const char* usage_tail =
    "\n"
    "SIGINT and SIGTERM stop khub (the snapshots are written first).\n"
    "Exit status: 0 success, 1 failure, 2 usage error.\n";

#define KH_MAX_LISTEN 8
static const char* g_listen[KH_MAX_LISTEN];
static int g_nlisten;
static const char* g_client_token_file;
static int g_no_client_auth;
static const char* g_snapshot_dir;
static size_t g_memory = 64u << 20;
static int g_max_clients = 32;
static int g_snapshot_interval = 30;
static kinf_hub_t* g_hub;
static void* g_hub_mem;
static char g_client_token[KINF_MAX_TOKEN];
static kinf_conn_desc_t g_fwd;

enum { KH_LISTEN = OPT_OWN };
static const opt_t kh_opts[] = {
    TOOL_SELECT_OPTS,
    CONN_OPTS(CONN_TLS_TIME_HELP),
    CONN_IDLE_TIMEOUT_OPT,
    { "--listen", 0, KH_LISTEN, OPT_NONE,
      "  --listen ADDR          unix:PATH (created mode 0660) or 127.0.0.1:PORT / [::1]:PORT; repeatable\n" },
    { "--client-token-file", 0, OPT_STR, OPT_VAR(g_client_token_file),
      "  --client-token-file F  TCP clients must send \"Authorization: Bearer\" with the token in F\n" },
    { "--no-client-auth", 0, OPT_SET, OPT_VAR(g_no_client_auth),
      "  --no-client-auth       TCP clients send no token (kubectl over plain http: see docs/khub.md)\n" },
    { "--snapshot-dir", 0, OPT_STR, OPT_VAR(g_snapshot_dir),
      "  --snapshot-dir DIR     each resource's cache persisted in DIR: served at start, before the\n"
      "                         API server answers, and written when it changed (every 30 s at most)\n" },
    { "--memory", 0, OPT_SIZE, OPT_VAR(g_memory),
      "  --memory SIZE          bytes of cached objects, shared by the resources (default 64 MiB)\n" },
    { "--max-clients", 0, OPT_INT, OPT_VAR(g_max_clients),
      "  --max-clients N        clients served at once; more are refused with 503 (default 32)\n" },
    TOOL_STATS_OPT(", the hub's and each resource's, to stderr\n"),
    TOOL_TIMEOUT_OPT,
    TOOL_VERBOSE_OPT,
    OPT_HELP_ROW,
};
static int kh_option(const opt_t* o, const char* a, const char* v, void* t) {
    (void)o; (void)t;
    if (!v) { return opts_usage_error("missing value", a); }
    if (g_nlisten >= KH_MAX_LISTEN) { return opts_usage_error("at most 8 --listen addresses", v); }
    g_listen[g_nlisten++] = v;
    return -1;
}

/* DIR/NAME.EXT, NAME the resource as named with '/' made '_' */
static void kh_path(char* out, size_t cap, const char* name, const char* ext) {
    size_t o;
    snprintf(out, cap, "%s/", g_snapshot_dir);
    o = strlen(out);
    for (; *name && o + 1 < cap; name++) { out[o++] = *name == '/' ? '_' : *name; }
    out[o] = 0;
    snprintf(out + o, cap - o, ".%s", ext);
}
/* the resource as discovery named it, kept beside its snapshot so that a
   start with the API server away serves it still: one line of fields */
static void kh_save_resource(const char* name, const kinf_resource_t* r) {
    char path[1024], tmp[1040];
    FILE* f;
    kh_path(path, sizeof(path), name, "resource");
    snprintf(tmp, sizeof(tmp), "%s.tmp", path);
    f = fopen(tmp, "w");
    if (!f) { return; }
    fprintf(f, "%s\n%s\n%s\n%s\n%s\n%s\n%s\n%d\n%u\n", r->name, r->group, r->version, r->plural, r->singular, r->kind, r->short_names,
            r->namespaced, r->verbs);
    if (fclose(f) == 0) { rename(tmp, path); } else { remove(tmp); }
}
static char g_resbuf[64][7][256];
static int kh_load_resource(const char* name, int k, kinf_resource_t* r) {
    char path[1024], line[256];
    FILE* f;
    int i, ns = 0;
    unsigned verbs = 0;
    kh_path(path, sizeof(path), name, "resource");
    f = fopen(path, "r");
    if (!f) { return 0; }
    for (i = 0; i < 7 && fgets(line, sizeof(line), f); i++) {
        line[strcspn(line, "\n")] = 0;
        memcpy(g_resbuf[k][i], line, sizeof(line));
    }
    if (i == 7 && fscanf(f, "%d %u", &ns, &verbs) == 2) {
        r->name = g_resbuf[k][0]; r->group = g_resbuf[k][1]; r->version = g_resbuf[k][2]; r->plural = g_resbuf[k][3];
        r->singular = g_resbuf[k][4]; r->kind = g_resbuf[k][5]; r->short_names = g_resbuf[k][6];
        r->namespaced = ns; r->verbs = verbs;
        fclose(f);
        return 1;
    }
    fclose(f);
    return 0;
}
static const char* g_names[64];
static int g_nnames;
static void kh_autosave(int final) {
    int i;
    char path[1024];
    if (!g_snapshot_dir) { return; }
    for (i = 0; i < g_nnames; i++) {
        kinf_informer_t* inf = kinf_factory_at(g_fac, i);
        if (!inf) { continue; }
        kh_path(path, sizeof(path), g_names[i], "snap");
        kinf_snapshot_autosave(inf, path, g_snapshot_interval, final);
    }
}

/* the factory, its informers (snapshots loaded), the hub and its addresses */
static int kh_open(kinf_desc_t* d, char* list, double t0) {
    kinf_factory_desc_t fd;
    kinf_informer_req_t q;
    kinf_hub_desc_t hd;
    int i, discovered, pause;
    size_t size;
    memset(&fd, 0, sizeof(fd));
    memset(&q, 0, sizeof(q));
    g_nnames = tool_split(list, g_names, 64);
    if (g_nnames == 0) { return opts_usage_error("missing RESOURCE", 0); }
    d->tag = 0;
    d->max_objects = (int)(g_memory / 1024u / (size_t)g_nnames) + 64;
    d->store_bytes = g_memory / (size_t)g_nnames;
    if (!d->max_event_bytes) { d->max_event_bytes = 256u << 10; }
    fd.base = d;
    fd.max_informers = g_nnames;
    size = kinf_factory_size(&fd);
    g_mem = malloc(size);
    if (!g_mem) { fprintf(stderr, "khub: cannot allocate %zu bytes\n", size); return TOOL_EXIT_FAIL; }
    g_fac = kinf_factory_init(g_mem, size, &fd);
    if (!g_fac) { return TOOL_EXIT_FAIL; }
    tool_install_signals(0);
    /* with snapshots, a short wait: the cache is served from them meanwhile;
       without, an agent keeps retrying (a server not up yet, a token not
       yet valid): discovery again once the backoff its failure set (and
       logged) has passed, until it answers, a signal comes or --timeout
       passes */
    for (discovered = 0; !g_signal;) {
        int w = g_snapshot_dir ? 5000 : tool_wait(t0, 30000);
        struct timespec ts;
        if (w <= 0) { break; }
        discovered = kinf_factory_discover(g_fac, w) == KINF_OK;
        pause = kinf_discovery_timeout_ms(kinf_factory_discovery(g_fac));
        if (discovered || g_snapshot_dir || g_signal || (w = tool_wait(t0, pause > 0 ? pause : 1000)) <= 0) { break; }
        ts.tv_sec = w / 1000; ts.tv_nsec = (long)(w % 1000) * 1000000L;
        nanosleep(&ts, 0); /* a signal ends it early */
    }
    if (!discovered && !g_snapshot_dir) {
        fprintf(stderr, "khub: stopped before discovery ever answered (with --snapshot-dir, khub starts from the snapshots)\n");
        return TOOL_EXIT_FAIL;
    }
    q.namespace_ = d->namespace_; q.label_selector = d->label_selector; q.field_selector = d->field_selector;
    for (i = 0; i < g_nnames; i++) {
        kinf_resource_t r;
        kinf_informer_t* inf;
        q.resource = g_names[i];
        if (discovered) {
            if (kinf_discovery_resolve(kinf_factory_discovery(g_fac), g_names[i], &r) != KINF_OK) { return TOOL_EXIT_FAIL; } /* logged */
            if (g_snapshot_dir) { kh_save_resource(g_names[i], &r); }
        } else if (!kh_load_resource(g_names[i], i, &r)) {
            fprintf(stderr, "khub: %s: the API server is away and %s has no saved resource of that name\n", g_names[i], g_snapshot_dir);
            return TOOL_EXIT_FAIL;
        }
        inf = kinf_factory_informer_of(g_fac, &r, &q);
        if (!inf) { return TOOL_EXIT_FAIL; } /* logged */
        if (g_snapshot_dir) {
            char path[1024];
            kh_path(path, sizeof(path), g_names[i], "snap");
            kinf_snapshot_load_file(inf, path); /* absent or refused: logged when it matters, and a LIST */
        }
    }
    /* forwarding: the server, how to reach it and how to trust it; no
       credential of khub's own (the proxy's, as its informers use it) */
    memset(&g_fwd, 0, sizeof(g_fwd));
    g_fwd.server = d->server;
    g_fwd.proxy = d->proxy;
    g_fwd.ca_file = d->ca_file; g_fwd.ca_data = d->ca_data; g_fwd.ca_len = d->ca_len;
    g_fwd.tls_server_name = d->tls_server_name; g_fwd.insecure_skip_tls_verify = d->insecure_skip_tls_verify;
    g_fwd.tls_time = d->tls_time;
    g_fwd.connect_timeout_ms = d->connect_timeout_ms;
    g_fwd.idle_timeout_ms = 3600000; /* a forwarded watch may be quiet long */
    g_fwd.logger.func = tool_logger;
    g_fwd.tag = "khub";
    memset(&hd, 0, sizeof(hd));
    hd.factory = g_fac;
    hd.forward = &g_fwd;
    hd.namespace_ = d->namespace_;
    hd.max_clients = g_max_clients;
    hd.token = g_client_token[0] ? g_client_token : 0;
    hd.logger.func = tool_logger;
    size = kinf_hub_size(&hd);
    g_hub_mem = size ? malloc(size) : 0;
    if (!g_hub_mem) { fprintf(stderr, "khub: cannot allocate %zu bytes for the clients\n", size); return TOOL_EXIT_FAIL; }
    g_hub = kinf_hub_init(g_hub_mem, size, &hd);
    if (!g_hub) { return TOOL_EXIT_FAIL; }
    for (i = 0; i < g_nnames; i++) {
        if (kinf_hub_serve(g_hub, kinf_factory_at(g_fac, i)) != KINF_OK) { return TOOL_EXIT_FAIL; }
    }
    for (i = 0; i < g_nlisten; i++) {
        int tcp = strncmp(g_listen[i], "unix:", 5) != 0;
        int rc = kinf_hub_listen(g_hub, g_listen[i], tcp && !g_no_client_auth);
        if (rc == KINF_ERR_INVAL) { return opts_usage_error("--listen takes unix:PATH, 127.0.0.1:PORT or [::1]:PORT", g_listen[i]); }
        if (rc != KINF_OK) { return TOOL_EXIT_FAIL; } /* logged */
    }
    kinf_factory_start(g_fac);
    fprintf(stderr, "khub: serving %d resource%s on %d address%s\n", g_nnames, g_nnames == 1 ? "" : "s", g_nlisten, g_nlisten == 1 ? "" : "es");
    return -1;
}
/* each resource's "# stats" lines, after its name */
static void kh_print_stats(kinf_informer_t* inf, const kinf_stats_t* s) { tool_print_stats(inf, s, 1); }
static void kh_stats(void) {
    kinf_hub_stats_t s = kinf_hub_stats(g_hub);
    uint64_t bytes, lost;
    fprintf(stderr,
            "# stats hub accepted=%llu refused_full=%llu requests=%llu lists=%llu gets=%llu watches=%llu discovery=%llu\n"
            "# stats hub not_found=%llu bad_requests=%llu unauthorized=%llu expired=%llu slow_ended=%llu timed_out=%llu\n"
            "# stats hub events_sent=%llu bookmarks_sent=%llu bytes_out=%llu ring_evicted=%llu clients=%d/%d resources=%d memory=%zu\n",
            (unsigned long long)s.accepted, (unsigned long long)s.refused_full, (unsigned long long)s.requests, (unsigned long long)s.lists,
            (unsigned long long)s.gets, (unsigned long long)s.watches, (unsigned long long)s.discovery, (unsigned long long)s.not_found,
            (unsigned long long)s.bad_requests, (unsigned long long)s.unauthorized, (unsigned long long)s.expired,
            (unsigned long long)s.slow_ended, (unsigned long long)s.timed_out, (unsigned long long)s.events_sent,
            (unsigned long long)s.bookmarks_sent, (unsigned long long)s.bytes_out, (unsigned long long)s.ring_evicted, s.clients,
            s.max_clients, s.resources, s.mem_capacity);
    tool_totals(&bytes, &lost, kh_print_stats);
}
static int kh_client_token(void) {
    FILE* f;
    size_t n;
    if (!g_client_token_file) { return -1; }
    f = fopen(g_client_token_file, "r");
    if (!f) { fprintf(stderr, "khub: cannot read --client-token-file %s\n", g_client_token_file); return TOOL_EXIT_FAIL; }
    n = fread(g_client_token, 1, sizeof(g_client_token) - 1, f);
    fclose(f);
    g_client_token[n] = 0;
    while (n && (g_client_token[n - 1] == '\n' || g_client_token[n - 1] == '\r' || g_client_token[n - 1] == ' ')) { g_client_token[--n] = 0; }
    if (!n) { fprintf(stderr, "khub: --client-token-file %s is empty\n", g_client_token_file); return TOOL_EXIT_FAIL; }
    return -1;
}

int main(int argc, char** argv) {
    kinf_desc_t d;
    const char* resource = 0;
    void* work = 0;
    int npos, rc, i, tcp = 0;
    double t0;
    opts_t cmd;
    memset(&cmd, 0, sizeof(cmd));
    cmd.rows = kh_opts; cmd.count = sizeof(kh_opts) / sizeof(kh_opts[0]);
    cmd.head = usage_head; cmd.tail = usage_tail;
    cmd.pos = &resource; cmd.max_pos = 1; cmd.too_many = "more than one RESOURCE list";
    cmd.own = kh_option;
    memset(&d, 0, sizeof(d));
    d.read_bytes = 256u << 10;
    rc = opts_parse(&cmd, argc, argv, &d, &npos);
    if (rc < 0 && !resource) { rc = opts_usage_error("missing RESOURCE", 0); }
    if (rc < 0 && !g_nlisten) { rc = opts_usage_error("missing --listen", 0); }
    for (i = 0; i < g_nlisten; i++) { tcp |= strncmp(g_listen[i], "unix:", 5) != 0; }
    if (rc < 0 && g_client_token_file && g_no_client_auth) { rc = opts_usage_error("--client-token-file and --no-client-auth exclude each other", 0); }
    if (rc < 0 && tcp && !g_client_token_file && !g_no_client_auth) {
        rc = opts_usage_error("a TCP --listen needs --client-token-file F or --no-client-auth", 0);
    }
    for (i = 0; rc < 0 && i < g_nlisten; i++) { /* every address read before any network I/O */
        if (kinf_hub_address(g_listen[i]) != KINF_OK) { rc = opts_usage_error("--listen takes unix:PATH, 127.0.0.1:PORT or [::1]:PORT", g_listen[i]); }
    }
    if (rc < 0 && g_max_clients < 1) { rc = opts_usage_error("--max-clients takes N >= 1", 0); }
    if (rc < 0) { rc = kh_client_token(); }
    if (rc < 0 && conn_config(&d, &work) != TOOL_EXIT_OK) { rc = TOOL_EXIT_FAIL; }
    d.logger.func = tool_logger;
    t0 = tool_now_s();
    if (rc < 0) { rc = kh_open(&d, (char*)(uintptr_t)resource, t0); }
    if (rc < 0) {
        rc = TOOL_EXIT_OK;
        while (!g_signal) {
            int wait = tool_wait(t0, 1000);
            if (wait < 0) { break; }
            kinf_hub_poll(g_hub, wait);
            kh_autosave(0);
        }
        kh_autosave(1);
        if (g_stats) { kh_stats(); }
    }
    if (g_hub) { kinf_hub_shutdown(g_hub); }
    tool_shutdown();
    free(g_hub_mem);
    free(work);
    return rc;
}
