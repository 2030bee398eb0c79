/* kubediff - every change to Kubernetes objects as one JSON line, updates as
   an RFC 6902 JSON Patch from the object the informer had before.
   `kubediff --help` for usage; docs/kubediff.md for the format and the rules. */
#define _POSIX_C_SOURCE 200809L
#define KINFORMER_IMPLEMENTATION
#include "../kinformer.h"
#define TOOL_NAME "kubediff"
#include "tool_common.h"

static const char* usage_head =
    "usage: kubediff [options] RESOURCE[,RESOURCE...] | --all\n"
    "Watches Kubernetes objects through kinformer and prints each change as one JSON line:\n"
    "  {\"type\":\"ADDED\",\"resource\":\"pods\",\"key\":\"ns/name\",\"resourceVersion\":\"..\",\"object\":{..}}\n"
    "  {\"type\":\"MODIFIED\",...,\"patch\":[..]}   an RFC 6902 JSON Patch from the previous object\n"
    "  {\"type\":\"DELETED\",...,\"object\":{..}}   the last object known\n"
    "metadata.managedFields is left out of objects and patches.\n"
    "\n"
    "  RESOURCE               as kwatch takes it: pods, configmaps, ... (core/v1 plurals), an API\n"
    "                         path such as /apis/apps/v1/deployments, or any name kubectl takes\n"
    "                         (po, deploy, deployments.apps, widgets.example.com), resolved by\n"
    "                         discovery. Several, comma-separated, are watched on one loop.\n";
static const char* usage_tail =
    "\n"
    "Each line is flushed as it is written. An update whose patch would not fit in\n"
    "--patch-bytes, or whose previous object was too large to keep, is printed as\n"
    "MODIFIED with the whole \"object\" instead of a patch (and a line on stderr); an\n"
    "object too large to keep is a line with \"oversized\":true and no object.\n"
    "SIGINT and SIGTERM stop kubediff cleanly.\n"
    "Not done yet: --webhook URL (POSTing each line) waits for the write client.\n"
    "Exit status: 0 success, 1 failure, 2 usage error, 3 a capacity was exceeded.\n";

static kinf_informer_t* g_inf;
static kinf_factory_t* g_fac;
static int g_all, g_stats, g_with_object;
static long g_max_events = -1, g_events;
static double g_timeout = -1;
static size_t g_patch_bytes = 4u << 20;
static uint64_t g_whole; /* updates printed whole (no patch) */
static uint64_t g_too_large; /* objects or patches past a capacity */
/* the previous and the new object with their identity, and the patch */
static char* g_old;
static char* g_new;
static size_t g_obj_cap;
static char* g_patch;

static const tool_opt opts[] = {
    TOOL_CONNECTION_OPTS,
    { "--all", 0, TOOL_SET, TOOL_VAR(g_all),
      "  --all                  every resource the server has that can be listed and watched\n" },
    { "--timeout", 0, TOOL_DOUBLE, TOOL_VAR(g_timeout), "  --timeout SECONDS      exit after this long\n" },
    { "--max-events", 0, TOOL_LONG, TOOL_VAR(g_max_events), "  --max-events N         exit after N changes\n" },
    { "--max-objects", 0, TOOL_INT, TOOL_DESC(max_objects),
      "  --max-objects N, --max-object-bytes B, --store-bytes B    memory capacities of each informer\n"
      "                         (defaults 16384 objects, 1 MiB per object, 32 MiB of objects)\n" },
    { "--max-object-bytes", 0, TOOL_SIZE, TOOL_DESC(max_event_bytes), 0 },
    { "--store-bytes", 0, TOOL_SIZE, TOOL_DESC(store_bytes), 0 },
    { "--read-bytes", 0, TOOL_SIZE, TOOL_DESC(read_bytes), "  --read-bytes B         socket read buffer (default 1 MiB)\n" },
    { "--patch-bytes", 0, TOOL_SIZE, TOOL_VAR(g_patch_bytes),
      "  --patch-bytes B        the largest patch printed (default 4 MiB)\n" },
    { "--with-object", 0, TOOL_SET, TOOL_VAR(g_with_object),
      "  --with-object          MODIFIED lines carry the new \"object\" too, beside the patch\n" },
    { "--stats", 0, TOOL_SET, TOOL_VAR(g_stats), "  --stats                on exit print counters and memory to stderr\n" },
    { "-h", "--help", TOOL_HELP, TOOL_NONE, "  -h, --help             this text\n" },
};

/* a string as the inside of a JSON string */
static void tool_json_str(FILE* f, const char* s) {
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\') { fputc('\\', f); fputc(c, f); }
        else if (c < 0x20u) { fprintf(f, "\\u%04x", c); }
        else { fputc(c, f); }
    }
}
static void on_signal(int sig) { g_signal = sig; if (g_fac) { kinf_factory_stop(g_fac); } else if (g_inf) { kinf_stop(g_inf); } }
static void count_event(kinf_informer_t* inf) {
    g_events++;
    if (g_max_events >= 0 && g_events >= g_max_events) { if (g_fac) { kinf_factory_stop(g_fac); } else { kinf_stop(inf); } }
}
static int done_events(void) { return g_max_events >= 0 && g_events >= g_max_events; }

/* writes the inside of a JSON string into buf at *at; 0 when it does not fit */
static int put_str(char* buf, size_t cap, size_t* at, const char* s) {
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        char e[7];
        size_t n = 1;
        e[0] = (char)c;
        if (c == '"' || c == '\\') { e[0] = '\\'; e[1] = (char)c; n = 2; }
        else if (c < 0x20u) { snprintf(e, sizeof e, "\\u%04x", c); n = 6; }
        if (*at + n >= cap) { return 0; }
        memcpy(buf + *at, e, n);
        *at += n;
    }
    return 1;
}
static int put(char* buf, size_t cap, size_t* at, const char* s, size_t n) {
    if (*at + n >= cap) { return 0; }
    memcpy(buf + *at, s, n);
    *at += n;
    return 1;
}
/* The object as the server sent it (less what the informer's projection
   drops): its identity goes back in front of metadata's members, where a
   projected object's JSON lacks it. Its length, or 0 when cap is too small. */
static size_t full_json(const kinf_object_t* o, char* buf, size_t cap) {
    static const char* const names[4] = { "name", "namespace", "uid", "resourceVersion" };
    const char* vals[4];
    kinf_value_t md, nm;
    const char* j = o->json;
    size_t at = 0, cut, k;
    int has_md, first = 1;
    if (kinf_field(o, "metadata.name", &nm) && nm.ptr >= j && nm.ptr < j + o->json_len) {
        return put(buf, cap, &at, j, o->json_len) ? (buf[at] = 0, at) : 0;
    }
    has_md = kinf_field(o, "metadata", &md) && md.type == KINF_VOBJECT;
    cut = has_md ? (size_t)(md.ptr - j) + 1 : 1; /* after the '{' that opens metadata, or the object */
    vals[0] = o->name; vals[1] = o->namespace_; vals[2] = o->uid; vals[3] = o->resource_version;
    if (!put(buf, cap, &at, j, cut)) { return 0; }
    if (!has_md && !put(buf, cap, &at, "\"metadata\":{", 12)) { return 0; }
    for (k = 0; k < 4; k++) {
        if (!vals[k] || !vals[k][0]) { continue; }
        if (!first && !put(buf, cap, &at, ",", 1)) { return 0; }
        first = 0;
        if (!put(buf, cap, &at, "\"", 1) || !put_str(buf, cap, &at, names[k]) || !put(buf, cap, &at, "\":\"", 3) ||
            !put_str(buf, cap, &at, vals[k]) || !put(buf, cap, &at, "\"", 1)) { return 0; }
    }
    if (!has_md && !put(buf, cap, &at, "}", 1)) { return 0; }
    if (j[cut] != '}' && !put(buf, cap, &at, ",", 1)) { return 0; }
    if (!put(buf, cap, &at, j + cut, o->json_len - cut)) { return 0; }
    buf[at] = 0;
    return at;
}
static void line_head(const char* type, const char* res, const kinf_object_t* o) {
    fputs("{\"type\":\"", stdout); fputs(type, stdout);
    fputs("\",\"resource\":\"", stdout); tool_json_str(stdout, res);
    fputs("\",\"key\":\"", stdout); tool_json_str(stdout, o->key);
    fputs("\",\"resourceVersion\":\"", stdout); tool_json_str(stdout, o->resource_version);
    fputs("\"", stdout);
}
static void line_end(void) { fputs("}\n", stdout); fflush(stdout); }
/* a line with the whole object, or with "oversized":true when it was too large to keep */
static void print_whole(const char* type, const char* res, const kinf_object_t* o, int fsu) {
    size_t n = 0;
    line_head(type, res, o);
    if (fsu) { fputs(",\"finalStateUnknown\":true", stdout); }
    if (!(o->flags & KINF_OBJ_IDENTITY_ONLY)) { n = full_json(o, g_new, g_obj_cap); }
    if (n) { fputs(",\"object\":", stdout); fwrite(g_new, 1, n, stdout); }
    else {
        fputs(",\"oversized\":true", stdout);
        if (!(o->flags & KINF_OBJ_IDENTITY_ONLY)) {
            g_too_large++;
            fprintf(stderr, "kubediff: error OBJECT_TOO_LARGE: %s %s: larger than the object buffer (%zu bytes)\n", res, o->key, g_obj_cap);
        }
    }
    line_end();
}
static void on_add(kinf_informer_t* inf, const kinf_object_t* o, void* u) {
    if (done_events()) { return; }
    print_whole("ADDED", (const char*)u, o, 0);
    count_event(inf);
}
static void on_update(kinf_informer_t* inf, const kinf_object_t* old, const kinf_object_t* o, void* u) {
    const char* res = (const char*)u;
    size_t na = 0, nb, need = 0;
    kinf_value_t a, b;
    int r = KINF_ERR_INVAL;
    if (done_events()) { return; }
    if (!(old->flags & KINF_OBJ_IDENTITY_ONLY)) { na = full_json(old, g_old, g_obj_cap); }
    nb = full_json(o, g_new, g_obj_cap);
    if (na && nb) {
        memset(&a, 0, sizeof a); memset(&b, 0, sizeof b);
        a.type = b.type = KINF_VOBJECT;
        a.ptr = g_old; a.len = na; b.ptr = g_new; b.len = nb;
        r = kinf_json_patch(&a, &b, g_patch, g_patch_bytes, &need);
    }
    if (r == KINF_OK) {
        line_head("MODIFIED", res, o);
        fputs(",\"patch\":", stdout); fwrite(g_patch, 1, need, stdout);
        if (g_with_object) { fputs(",\"object\":", stdout); fwrite(g_new, 1, nb, stdout); }
        line_end();
    } else {
        /* no patch: the previous object was not kept whole, or the patch
           does not fit; the new object whole lets a reader start over */
        if (na && nb) {
            g_too_large++;
            if (r == KINF_ERR_NOMEM) {
                fprintf(stderr, "kubediff: error PATCH_TOO_LARGE: %s %s: the patch needs %zu bytes, --patch-bytes is %zu; printed whole\n",
                        res, o->key, need + 1, g_patch_bytes);
            } else {
                fprintf(stderr, "kubediff: error PATCH_FAILED: %s %s: %d; printed whole\n", res, o->key, r);
            }
        }
        g_whole++;
        print_whole("MODIFIED", res, o, 0);
    }
    count_event(inf);
}
/* too large to keep: the identity only; the next update of it comes whole */
static void on_oversized(kinf_informer_t* inf, const kinf_object_t* old, const kinf_object_t* o, void* u) {
    if (done_events()) { return; }
    g_too_large++;
    fprintf(stderr, "kubediff: error OVERSIZED: %s %s: larger than --max-object-bytes or the store\n", (const char*)u, o->key);
    print_whole(old ? "MODIFIED" : "ADDED", (const char*)u, o, 0);
    count_event(inf);
}
static void on_delete(kinf_informer_t* inf, const kinf_object_t* o, int fsu, void* u) {
    if (done_events()) { return; }
    print_whole("DELETED", (const char*)u, o, fsu);
    count_event(inf);
}
static void handler_for(kinf_informer_t* inf, const char* res) {
    kinf_handler_t h;
    memset(&h, 0, sizeof h);
    h.on_add = on_add; h.on_update = on_update; h.on_delete = on_delete; h.on_oversized = on_oversized;
    h.user = (void*)(uintptr_t)res;
    kinf_add_handler(inf, &h);
}
static void print_stats(kinf_informer_t* inf, const char* res) {
    kinf_stats_t s = kinf_stats(inf);
    fprintf(stderr, "# stats resource %s events=%llu added=%llu modified=%llu deleted=%llu relists=%llu bytes_read=%llu\n"
                    "# stats objects=%u/%u store_used=%zu store_peak=%zu store_capacity=%zu oversized=%llu store_full=%llu dropped=%llu\n"
                    "# stats memory used=%zu capacity=%zu last_error=%s\n",
            res, (unsigned long long)s.events, (unsigned long long)s.added, (unsigned long long)s.modified,
            (unsigned long long)s.deleted, (unsigned long long)s.relists, (unsigned long long)s.bytes_read, s.objects,
            s.max_objects, s.store_used, s.store_peak, s.store_capacity, (unsigned long long)s.oversized,
            (unsigned long long)s.store_full, (unsigned long long)s.dropped, s.mem_used, s.mem_capacity,
            kinf_log_item_name(kinf_last_error(inf)));
}
/* A core/v1 plural or one API path: one informer, no discovery */
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
/* the loop of one informer, or of the factory's; returns the exit status */
static int run_loop(void) {
    double t0 = tool_now_s();
    int handled = g_fac ? kinf_factory_count(g_fac) : 0;
    for (;;) {
        int wait = 200, r;
        if (g_fac ? kinf_factory_stopped(g_fac) : kinf_stopped(g_inf)) { break; }
        if (g_timeout >= 0) {
            double left = g_timeout - (tool_now_s() - t0);
            if (left <= 0) { break; }
            if (left * 1000 < wait) { wait = (int)(left * 1000) + 1; }
        }
        r = g_fac ? kinf_factory_poll(g_fac, wait) : kinf_poll(g_inf, wait);
        if (r != KINF_OK && !g_fac) { return TOOL_EXIT_FAIL; }
        for (; g_fac && handled < kinf_factory_count(g_fac); handled++) { /* --all: a resource that appeared */
            kinf_informer_t* inf = kinf_factory_at(g_fac, handled);
            kinf_resource_t rs;
            if (inf && kinf_factory_resource(g_fac, inf, &rs) == KINF_OK) { handler_for(inf, rs.name); }
        }
        if (g_final && !g_all && !(g_fac ? kinf_factory_has_synced(g_fac) : kinf_has_synced(g_inf))) {
            fprintf(stderr, "kubediff: giving up: the server refused the request (%s); retrying cannot fix it\n", kinf_log_item_name(g_final));
            return TOOL_EXIT_FAIL;
        }
    }
    return TOOL_EXIT_OK;
}

int main(int argc, char** argv) {
    kinf_desc_t d;
    const char* pos[1] = { 0 };
    const char* res;
    char* list = 0;
    void* work = 0;
    void* mem = 0;
    int npos, rc, i;
    uint64_t bytes = 0, lost = 0;
    memset(&d, 0, sizeof d);
    d.max_objects = 16384;
    d.max_event_bytes = 1u << 20;
    d.store_bytes = 32u << 20;
    d.prefault_store = 1;
    d.read_bytes = 1u << 20;
    rc = tool_parse(argc, argv, opts, sizeof(opts) / sizeof(opts[0]), &d, pos, 1, &npos, usage_head, usage_tail);
    if (rc >= 0) { return rc; }
    if (!npos && !g_all) { return tool_usage_error("missing RESOURCE", 0); }
    if (npos && g_all) { return tool_usage_error("--all takes no RESOURCE", pos[0]); }
    if (g_patch_bytes < 64) { return tool_usage_error("--patch-bytes is at least 64", 0); }
    if (tool_config(&d, &work)) { free(work); return TOOL_EXIT_FAIL; }
    d.logger.func = tool_logger;
    /* kubediff's own buffers, fixed at start: the two objects with their
       identity (at most max_event_bytes of JSON plus 4 strings of at most
       253 bytes, escaped), and the patch */
    g_obj_cap = (d.max_event_bytes ? d.max_event_bytes : 64u << 10) + 8192;
    g_old = (char*)malloc(g_obj_cap); g_new = (char*)malloc(g_obj_cap); g_patch = (char*)malloc(g_patch_bytes);
    if (!g_old || !g_new || !g_patch) { fprintf(stderr, "kubediff: cannot allocate the buffers\n"); rc = TOOL_EXIT_FAIL; goto out; }
    tool_install_signals(on_signal);
    if (!g_all && plain_resource(pos[0])) {
        size_t size;
        d.resource = pos[0]; d.tag = pos[0];
        size = kinf_informer_size(&d);
        mem = size == SIZE_MAX ? 0 : malloc(size); /* the one allocation of the informer */
        g_inf = kinf_init(mem, size, &d);
        if (!g_inf) {
            char why[256];
            kinf_check(&d, size, why, sizeof why);
            fprintf(stderr, "kubediff: %s\n", why);
            rc = TOOL_EXIT_FAIL; goto out;
        }
        handler_for(g_inf, pos[0]);
        if (g_max_events == 0) { kinf_stop(g_inf); }
        rc = run_loop();
        if (g_stats) { print_stats(g_inf, pos[0]); }
        { kinf_stats_t s = kinf_stats(g_inf); bytes = s.bytes_read; lost = s.oversized + s.store_full + s.dropped; }
        kinf_shutdown(g_inf);
    } else {
        kinf_factory_desc_t fd;
        kinf_informer_req_t q;
        const char* names[64];
        int n = 0;
        size_t size;
        memset(&fd, 0, sizeof fd);
        memset(&q, 0, sizeof q);
        if (!g_all) {
            list = (char*)malloc(strlen(pos[0]) + 1);
            if (!list) { rc = TOOL_EXIT_FAIL; goto out; }
            strcpy(list, pos[0]);
            for (res = strtok(list, ","); res && n < 64; res = strtok(0, ",")) { names[n++] = res; }
            if (!n) { rc = tool_usage_error("missing RESOURCE", 0); goto out; }
        }
        d.tag = 0;
        fd.base = &d;
        fd.max_informers = g_all ? 64 : n;
        size = kinf_factory_size(&fd);
        mem = malloc(size);
        if (!mem || !(g_fac = kinf_factory_init(mem, size, &fd))) { rc = TOOL_EXIT_FAIL; goto out; }
        if (kinf_factory_discover(g_fac, g_timeout >= 0 && g_timeout < 30 ? (int)(g_timeout * 1000) + 1 : 30000) != KINF_OK) {
            fprintf(stderr, "kubediff: giving up: discovery failed\n");
            kinf_factory_shutdown(g_fac);
            rc = g_signal ? TOOL_EXIT_OK : TOOL_EXIT_FAIL; goto out;
        }
        q.namespace_ = d.namespace_; q.label_selector = d.label_selector; q.field_selector = d.field_selector;
        if (g_all) { kinf_factory_all(g_fac, &q); }
        for (i = 0; i < n; i++) {
            q.resource = names[i];
            if (!kinf_factory_informer(g_fac, &q)) { kinf_factory_shutdown(g_fac); rc = TOOL_EXIT_FAIL; goto out; } /* logged */
        }
        for (i = 0; i < kinf_factory_count(g_fac); i++) {
            kinf_informer_t* inf = kinf_factory_at(g_fac, i);
            kinf_resource_t rs;
            if (inf && kinf_factory_resource(g_fac, inf, &rs) == KINF_OK) { handler_for(inf, rs.name); }
        }
        kinf_factory_start(g_fac);
        if (g_max_events == 0) { kinf_factory_stop(g_fac); }
        rc = run_loop();
        for (i = 0; i < kinf_factory_count(g_fac); i++) {
            kinf_informer_t* inf = kinf_factory_at(g_fac, i);
            kinf_resource_t rs;
            kinf_stats_t s;
            if (!inf) { continue; }
            s = kinf_stats(inf);
            bytes += s.bytes_read; lost += s.oversized + s.store_full + s.dropped;
            if (g_stats && kinf_factory_resource(g_fac, inf, &rs) == KINF_OK) { print_stats(inf, rs.name); }
        }
        kinf_factory_shutdown(g_fac);
    }
    if (g_stats) {
        fprintf(stderr, "# stats kubediff changes=%ld printed_whole=%llu too_large=%llu buffers=%zu\n", g_events,
                (unsigned long long)g_whole, (unsigned long long)g_too_large, 2 * g_obj_cap + g_patch_bytes);
    }
    if (rc == TOOL_EXIT_OK && (lost || g_too_large)) { rc = TOOL_EXIT_CAPACITY; }
    if (rc == TOOL_EXIT_OK && bytes == 0 && g_max_events != 0) { fprintf(stderr, "kubediff: never reached the server\n"); rc = TOOL_EXIT_FAIL; }
out:
    free(mem); free(list); free(work); free(g_old); free(g_new); free(g_patch);
    return rc;
}
