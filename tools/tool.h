/* tool.h - what the tools share beside their options and the connection:
   the informer or factory they run, the options every tool has the same
   (-n, -l, --field-selector, -v, --timeout, --max-events' count), the log
   line, signals, the clock and --timeout's wait, the stop after
   --max-events, and the names watched without discovery. Include after
   opts.h. */
#ifndef TOOLS_TOOL_H
#define TOOLS_TOOL_H
#ifndef TOOLS_OPTS_H
#error "include opts.h before tool.h"
#endif
#include <signal.h>
#include <time.h>

static volatile sig_atomic_t g_signal; /* SIGINT or SIGTERM came */
static uint32_t g_final;               /* an error retrying cannot fix (kinf_log_item_is_final) */
static int g_verbose;                  /* -v */
static double g_timeout = -1;          /* --timeout: seconds, -1 none */
static long g_max_events = -1;         /* --max-events: stop after so many changes, -1 never */
static long g_events;                  /* the changes handled */
TOOL_PRIVATE int g_stats;              /* --stats (not every tool has it) */
static kinf_informer_t* g_inf;         /* the tool's one informer, */
#ifndef KINF_NO_FACTORY
static kinf_factory_t* g_fac;          /* or its factory of several, */
static int g_handled;                  /* of whose informers so many have the tool's handler */
#endif
static void* g_mem;                    /* in this one allocation */
/* Fail fast (kwatch, kubediff; the agents keep retrying): before the first
   sync, an error that will not pass by itself ends the tool, as kubectl's
   request ends, unless --retry-forever. */
static int g_fail_fast;                /* the tool gives up on such an error (tool_fail_fast) */
static int g_retry_forever;            /* --retry-forever */
static uint32_t g_permanent;           /* the error it gives up on, */
static const char* g_permanent_why;    /* and what it means */
static unsigned g_n401, g_ncert, g_nrefused, g_nclosed; /* 401s, rejected client certificates, refused connects, connections closed unanswered */
#ifndef KINF_NO_PROXY
static unsigned g_nproxy;  /* proxies that gave no valid answer to CONNECT */
#endif
static int g_token_file;               /* a token file: a 401 is permanent once it was read again */
#ifndef KINF_NO_EXEC
static int g_exec;                     /* an exec plugin: a 401 or a rejected certificate is permanent once it ran again */
#else
#define g_exec 0
#endif
static int g_plain_http;               /* the server's URL is http:// */
static int g_https_hint;               /* a 400 said the server speaks HTTPS */
/* repeated log lines: a run of the same error about one object after
   another is said once, then "... and N more like it" */
static uint32_t g_rep_item;
static char g_rep_tag[64];
static unsigned long g_rep_more;
static double g_rep_t0;                /* when the run began */
TOOL_PRIVATE double tool_now_s(void);

/* what to watch: rows of a tool's table */
#define TOOL_NAMESPACE_OPT(help) { "-n", "--namespace", OPT_STR, OPT_DESC(namespace_), help }
#define TOOL_SELECTOR_OPTS \
    { "-l", "--selector", OPT_STR, OPT_DESC(label_selector), "  -l, --selector SEL     label selector\n" }, \
    { "--field-selector", 0, OPT_STR, OPT_DESC(field_selector), "  --field-selector SEL   field selector\n" }
#define TOOL_SELECT_OPTS \
    TOOL_NAMESPACE_OPT("  -n, --namespace NS     one namespace (default: all)\n"), \
    TOOL_SELECTOR_OPTS
#define TOOL_VERBOSE_OPT \
    { "-v", "--verbose", OPT_SET, OPT_VAR(g_verbose), \
      "  -v, --verbose          log informational items to stderr (warnings and errors always)\n" }
#define TOOL_TIMEOUT_OPT { "--timeout", 0, OPT_DOUBLE, OPT_VAR(g_timeout), "  --timeout SECONDS      exit after this long\n" }
/* desc.skip_unchanged: kwatch's is off unless asked; a tool that has it on
   by default lists --no-skip-unchanged too */
#ifndef KINF_NO_SKIP_UNCHANGED
#define TOOL_SKIP_UNCHANGED_OPT(help) { "--skip-unchanged", 0, OPT_SET, OPT_DESC(skip_unchanged), help },
#else
#define TOOL_SKIP_UNCHANGED_OPT(help)
#endif
#define TOOL_NO_SKIP_UNCHANGED_OPT(help) { "--no-skip-unchanged", 0, OPT_CLEAR, OPT_DESC(skip_unchanged), help }
#define TOOL_STATS_OPT(help) { "--stats", 0, OPT_SET, OPT_VAR(g_stats), "  --stats                on exit print counters" help }
/* an informer's capacities, one help for the three; their kinds the tool's
   (OPT_INT and OPT_SIZE, or kinds of its own that take more) */
#define TOOL_CAPACITY_OPTS(int_kind, size_kind, help) \
    { "--max-objects", 0, int_kind, OPT_DESC(max_objects), \
      "  --max-objects N, --max-object-bytes B, --store-bytes B    memory capacities" help }, \
    { "--max-object-bytes", 0, size_kind, OPT_DESC(max_event_bytes), 0 }, \
    { "--store-bytes", 0, size_kind, OPT_DESC(store_bytes), 0 }

/* the summary of a run of repeated lines, when lines were left out */
TOOL_PRIVATE void tool_log_flush(void) {
    if (g_rep_more) {
        fprintf(stderr, TOOL_NAME ": error %s: %s%s... and %lu more like it\n", kinf_log_item_name(g_rep_item), g_rep_tag,
                g_rep_tag[0] ? ": " : "", g_rep_more);
    }
    g_rep_item = 0; g_rep_more = 0; g_rep_tag[0] = 0;
}
/* a run of repeated lines is summed up once a second, so a flood of them
   is one line a second */
TOOL_PRIVATE void tool_log_tick(void) {
    if (g_rep_more && tool_now_s() - g_rep_t0 >= 1.0) { tool_log_flush(); }
}
/* the capacity errors said once per object, which a full store or a small
   --max-object-bytes repeats for every object of a list (an object out of
   scope is named each time: the server should never send one) */
TOOL_PRIVATE int tool_per_object(uint32_t item) {
    return item == KINF_LOGITEM_OBJECT_TOO_LARGE || item == KINF_LOGITEM_STORE_FULL || item == KINF_LOGITEM_STORE_SLOTS_FULL;
}
/* A library descriptor's field, as the option that sets it: the capacity
   a CONFIG_CLAMPED warning names is said as the user typed it. 0: none */
#ifndef KINF_NO_LOG_STRINGS
static const char* tool_flag_of(const char* field, const char** range) {
    static const char* const map[][3] = {
        { "max_event_bytes", "--max-object-bytes", "4 KiB to 2 GiB" }, { "store_bytes", "--store-bytes", "at most 4 GiB" },
        { "max_objects", "--max-objects", "at most the library's KINF__MAX_OBJECTS" }, { "read_bytes", "--read-bytes", "256 B to 64 MiB" },
        { "fifo_capacity", "--fifo", "at most --max-objects" }, { 0, 0, 0 } };
    int k;
    for (k = 0; field && map[k][0]; k++) {
        if (!strcmp(field, map[k][0])) { *range = map[k][2]; return map[k][1]; }
    }
    return 0;
}
#endif
/* A message that names a capacity by its descriptor field (OBJECT_TOO_LARGE's
   "max_event_bytes 4096", STORE_SLOTS_FULL's "max_objects reached",
   STORE_FULL's "store_bytes exhausted"), said with the option the user types
   instead, in buf (the message itself when it names none). Only in a tool
   that has the three options (TOOL_CAPACITY_FLAGS defined before tool.h). */
#if !defined(KINF_NO_LOG_STRINGS) && defined(TOOL_CAPACITY_FLAGS)
static int tool_word_char(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_'; }
static const char* tool_flags_in(const char* msg, char* buf, size_t cap) {
    static const char* const field[] = { "max_event_bytes", "max_objects", "store_bytes", 0 };
    const char* range;
    const char* p = msg;
    size_t n = 0;
    int k, any = 0;
    while (*p && n + 1 < cap) {
        int word = p == msg || !tool_word_char(p[-1]);
        for (k = 0; word && field[k]; k++) {
            size_t fl = strlen(field[k]);
            if (!strncmp(p, field[k], fl) && !tool_word_char(p[fl])) { break; }
        }
        if (word && field[k]) {
            const char* flag = tool_flag_of(field[k], &range);
            size_t l = strlen(flag);
            if (n + l + 1 >= cap) { break; }
            memcpy(buf + n, flag, l);
            n += l;
            p += strlen(field[k]);
            any = 1;
        } else {
            buf[n++] = *p++;
        }
    }
    buf[n] = 0;
    return any && !*p ? buf : msg; /* a message too long for buf is said as it came */
}
#endif
/* a log line on stderr: warnings and errors always, the rest with -v; tag
   (an informer's, or 0) names what it is about */
TOOL_PRIVATE void tool_log(const char* tag, uint32_t level, uint32_t item, const char* msg) {
#if !defined(KINF_NO_LOG_STRINGS) && defined(TOOL_CAPACITY_FLAGS)
    char said[512];
#endif
    const char* range = 0;
    const char* flag;
    if (level > KINF_LOG_WARN && !g_verbose) { return; }
#ifndef TOOL_NO_SUMMARY /* a tool's smallest build may leave the summing up out */
    if (level <= KINF_LOG_ERROR && tool_per_object(item)) {
        const char* t = tag ? tag : "";
        if (item == g_rep_item && !strncmp(g_rep_tag, t, sizeof g_rep_tag - 1)) { g_rep_more++; return; }
        tool_log_flush();
        g_rep_item = item;
        g_rep_t0 = tool_now_s();
        snprintf(g_rep_tag, sizeof g_rep_tag, "%s", t);
    } else if (g_rep_item) {
        tool_log_flush();
    }
#endif
#ifndef KINF_NO_LOG_STRINGS
    if (item == KINF_LOGITEM_CONFIG_CLAMPED && msg && (flag = tool_flag_of(strrchr(msg, ' ') ? strrchr(msg, ' ') + 1 : msg, &range)) != 0) {
        fprintf(stderr, TOOL_NAME ": warning CONFIG_CLAMPED: %s%s%s is out of range (%s) and was clamped to it\n", tag ? tag : "", tag ? ": " : "", flag, range);
        return;
    }
#else
    (void)range; (void)flag;
#endif
#if !defined(KINF_NO_LOG_STRINGS) && defined(TOOL_CAPACITY_FLAGS)
    if (msg && level <= KINF_LOG_WARN) { msg = tool_flags_in(msg, said, sizeof said); }
#endif
    fprintf(stderr, TOOL_NAME ": %s %s: %s%s%s\n", level <= KINF_LOG_ERROR ? "error" : level == KINF_LOG_WARN ? "warning" : "info",
            kinf_log_item_name(item), tag ? tag : "", tag ? ": " : "", msg ? msg : "");
}
/* what a permanent error means, said when the tool gives up (a build with
   no log strings says the item's name alone) */
#ifndef KINF_NO_LOG_STRINGS
#define TOOL_WHY(s) s
#else
#define TOOL_WHY(s) "giving up"
#endif
/* an error that, before the first sync, will not pass by itself: kept in
   g_permanent with what it means (a refused connection after three tries,
   a 401 after the token file was read again) */
static void tool_note_permanent(uint32_t item, const char* msg) {
    const char* why = 0;
    switch (item) {
    case KINF_LOGITEM_UNAUTHORIZED:
        if (++g_n401 >= (g_token_file || g_exec ? 2u : 1u)) {
            why = g_token_file ? TOOL_WHY("401 Unauthorized: the server refused the token, also after the token file was read again")
                : g_exec ? TOOL_WHY("401 Unauthorized: the server refused the exec plugin's credentials, also after it ran again")
                         : TOOL_WHY("401 Unauthorized: the server refused the credentials (--token, --token-file, the kubeconfig's user)");
        }
        break;
    case KINF_LOGITEM_FORBIDDEN: why = TOOL_WHY("403 Forbidden: the user may not list and watch this resource (RBAC)"); break;
    case KINF_LOGITEM_TLS_UNTRUSTED: why = TOOL_WHY("the server's certificate is not signed by a CA of --certificate-authority (or the kubeconfig's)"); break;
    case KINF_LOGITEM_TLS_BAD_NAME: why = TOOL_WHY("the server's certificate does not name the host of --server (--tls-server-name checks another name)"); break;
    case KINF_LOGITEM_TLS_EXPIRED: why = TOOL_WHY("the server's certificate is expired or not yet valid (--tls-time sets the time it is checked at)"); break;
    case KINF_LOGITEM_TLS_PLAINTEXT_SERVER: why = TOOL_WHY("the server speaks plain HTTP: use http://"); break;
    case KINF_LOGITEM_TLS_CLIENT_CERT_REJECTED:
        if (++g_ncert >= (g_exec ? 2u : 1u)) {
            why = g_exec ? TOOL_WHY("the server refused the exec plugin's client certificate, also after it ran again")
                         : TOOL_WHY("the server refused the client certificate (--client-certificate, --client-key)");
        }
        break;
    case KINF_LOGITEM_CONNECT_FAILED: if (++g_nrefused >= 3) { why = TOOL_WHY("cannot connect to the server (3 tries)"); } break;
#ifndef KINF_NO_PROXY
    case KINF_LOGITEM_PROXY_REFUSED: { /* its status after "(proxy): HTTP/1.x "; a 502 or 503 may pass */
        const char* st = msg ? strstr(msg, "(proxy): HTTP/1.") : 0;
        st = st && strlen(st) >= 21 ? st + 18 : 0;
        if (st && !strncmp(st, "407", 3)) { why = TOOL_WHY("407 Proxy Authentication Required: the proxy refused the credentials of its URL (proxy-url, HTTPS_PROXY, HTTP_PROXY)"); }
        else if (st && !strncmp(st, "403", 3)) { why = TOOL_WHY("403 from the proxy: it allows no tunnel to the server (NO_PROXY names the servers reached directly)"); }
        break;
    }
    case KINF_LOGITEM_PROXY_FAILED: if (++g_nproxy >= 3) { why = TOOL_WHY("the proxy gives no valid answer to CONNECT (3 tries): is it an HTTP proxy?"); } break;
#endif
    case KINF_LOGITEM_CONNECTION_CLOSED: case KINF_LOGITEM_IO_ERROR: case KINF_LOGITEM_HTTP_MALFORMED:
        if (g_plain_http) { g_nclosed++; } /* judged in tool_give_up, by the bytes read */
        break;
    case KINF_LOGITEM_BAD_REQUEST:
        if (msg && strstr(msg, "use https://")) { g_https_hint = 1; why = TOOL_WHY("the server speaks TLS: use https://"); }
        break;
    default: break;
    }
    if (why && !g_permanent) { g_permanent = item; g_permanent_why = why; }
}
TOOL_PRIVATE void tool_stop(void);
TOOL_PRIVATE int tool_synced(void);
TOOL_PRIVATE uint64_t tool_bytes(void);
/* a server that closed every connection unanswered on an http:// URL (twice,
   nothing read): it speaks TLS */
static void tool_check_closed(void) {
    if (!g_permanent && g_nclosed >= 2 && tool_bytes() == 0) {
        g_permanent = KINF_LOGITEM_CONNECTION_CLOSED;
        g_permanent_why = TOOL_WHY("the server closed every connection without an HTTP answer: it speaks TLS? use https://");
    }
}
/* the library's logger: the line, and the first final error kept in g_final */
TOOL_PRIVATE void tool_logger(const char* tag, uint32_t level, uint32_t item, const char* msg, uint32_t line, const char* file, void* user) {
    (void)line; (void)file; (void)user;
    if (level <= KINF_LOG_ERROR && kinf_log_item_is_final(item) && !g_final) { g_final = item; }
    tool_log(tag, level, item, msg);
    if (level <= KINF_LOG_WARN && g_fail_fast) {
        tool_note_permanent(item, msg);
        tool_check_closed();
        if (g_permanent && !tool_synced()) { tool_stop(); } /* discovery too: it ends its wait */
    }
}

/* the factory, or the one informer */
TOOL_PRIVATE void tool_shutdown(void) {
    tool_log_flush();
#ifndef KINF_NO_FACTORY
    /* each global is cleared before its object goes: a signal handler
       that stops it (tool_stop) never reaches one shut down or freed */
    if (g_fac) { kinf_factory_t* f = g_fac; g_fac = 0; kinf_factory_shutdown(f); }
#endif
    if (g_inf) { kinf_informer_t* i = g_inf; g_inf = 0; kinf_shutdown(i); }
    free(g_mem);
    g_mem = 0;
}
TOOL_PRIVATE void tool_stop(void) {
#ifndef KINF_NO_FACTORY
    if (g_fac) { kinf_factory_stop(g_fac); return; }
#endif
    if (g_inf) { kinf_stop(g_inf); }
}
TOOL_PRIVATE int tool_stopped(void) {
#ifndef KINF_NO_FACTORY
    if (g_fac) { return kinf_factory_stopped(g_fac); }
#endif
    return kinf_stopped(g_inf);
}
TOOL_PRIVATE int tool_synced(void) {
#ifndef KINF_NO_FACTORY
    if (g_fac) { return kinf_factory_has_synced(g_fac); }
#endif
    return kinf_has_synced(g_inf);
}
TOOL_PRIVATE void tool_flush(void) {
#ifndef KINF_NO_FACTORY
    if (g_fac) { kinf_factory_flush(g_fac); return; }
#endif
    kinf_flush(g_inf);
}
/* one wait of at most ms; KINF_OK, or the informer's error (a factory's
   informers retry on their own) */
TOOL_PRIVATE int tool_poll(int ms) {
    int r = KINF_OK;
#ifndef KINF_NO_FACTORY
    if (g_fac) { kinf_factory_poll(g_fac, ms); tool_log_tick(); return KINF_OK; }
#endif
    r = kinf_poll(g_inf, ms);
    tool_log_tick();
    return r;
}
/* the informers: the one, or the factory's (an entry may be 0) */
TOOL_PRIVATE int tool_informers(void) {
#ifndef KINF_NO_FACTORY
    if (g_fac) { return kinf_factory_count(g_fac); }
#endif
    return 1;
}
TOOL_PRIVATE kinf_informer_t* tool_informer(int i) {
#ifndef KINF_NO_FACTORY
    if (g_fac) { return kinf_factory_at(g_fac, i); }
#endif
    (void)i;
    return g_inf;
}
#ifndef KINF_NO_FACTORY
/* h on every informer of the factory that does not have it yet, its
   resource's name (valid for the factory's life) as user: the factory's
   informers at start, and with --all those that appear later */
TOOL_PRIVATE void tool_handle_new(const kinf_handler_t* h) {
    kinf_handler_t one = *h;
    for (; g_handled < kinf_factory_count(g_fac); g_handled++) {
        kinf_informer_t* inf = kinf_factory_at(g_fac, g_handled);
        kinf_resource_t r;
        if (!inf || kinf_factory_resource(g_fac, inf, &r) != KINF_OK) { continue; }
        one.user = (void*)(uintptr_t)r.name;
        kinf_add_handler(inf, &one);
    }
}
#endif

/* the one informer, in g_mem; 0, with kinf_check's reason said, when it
   cannot be */
TOOL_PRIVATE kinf_informer_t* tool_init_informer(const kinf_desc_t* d) {
    size_t size = kinf_informer_size(d);
    g_mem = size == SIZE_MAX ? 0 : malloc(size); /* SIZE_MAX: more than this system counts; kinf_init says so */
    g_inf = kinf_init(g_mem, size, d);
    if (!g_inf) {
        char why[256];
        kinf_check(d, size, why, sizeof why);
        fprintf(stderr, TOOL_NAME ": %s\n", why);
    }
    return g_inf;
}
/* what every informer read, and the changes none could keep (too large,
   the store full, dropped: the exit status says 3); each, when not 0, is
   handed every informer's counters (--stats) */
TOOL_PRIVATE void tool_totals(uint64_t* bytes, uint64_t* lost, void (*each)(kinf_informer_t* inf, const kinf_stats_t* s)) {
    int i;
    *bytes = *lost = 0;
    for (i = 0; i < tool_informers(); i++) {
        kinf_informer_t* inf = tool_informer(i);
        kinf_stats_t s;
        if (!inf) { continue; }
        s = kinf_stats(inf);
        *bytes += s.bytes_read;
        *lost += s.oversized + s.store_full + s.dropped;
        if (each) { each(inf, &s); }
    }
}

/* the "# stats" lines of one informer (--stats; after its resource's name when named) */
TOOL_PRIVATE void tool_print_stats(kinf_informer_t* inf, const kinf_stats_t* s, int named) {
    (void)named;
#ifndef KINF_NO_FACTORY
    kinf_resource_t r;
    if (named && g_fac && kinf_factory_resource(g_fac, inf, &r) == KINF_OK) { fprintf(stderr, "# stats resource %s\n", r.name); }
#endif
    fprintf(stderr,
            "# stats events=%llu added=%llu modified=%llu deleted=%llu bookmarks=%llu\n"
            "# stats lists=%llu list_pages=%llu list_items=%llu relists=%llu watches=%llu reconnects=%llu backoffs=%llu connections=%llu\n"
            "# stats bytes_read=%llu bytes_written=%llu errors=%llu malformed=%llu oversized=%llu store_full=%llu dropped=%llu\n"
            "# stats delivered adds=%llu updates=%llu deletes=%llu resyncs=%llu skipped_unchanged=%llu\n"
            "# stats objects=%u/%u fifo=%u/%u store_used=%zu store_peak=%zu store_capacity=%zu\n"
            "# stats memory used=%zu capacity=%zu last_error=%s\n",
            (unsigned long long)s->events, (unsigned long long)s->added, (unsigned long long)s->modified,
            (unsigned long long)s->deleted, (unsigned long long)s->bookmarks, (unsigned long long)s->lists,
            (unsigned long long)s->list_pages, (unsigned long long)s->list_items, (unsigned long long)s->relists,
            (unsigned long long)s->watches, (unsigned long long)s->reconnects, (unsigned long long)s->backoffs, (unsigned long long)s->connections,
            (unsigned long long)s->bytes_read, (unsigned long long)s->bytes_written, (unsigned long long)s->errors,
            (unsigned long long)s->malformed, (unsigned long long)s->oversized, (unsigned long long)s->store_full,
            (unsigned long long)s->dropped, (unsigned long long)s->delivered_adds, (unsigned long long)s->delivered_updates,
            (unsigned long long)s->delivered_deletes, (unsigned long long)s->resyncs, (unsigned long long)s->skipped_unchanged, s->objects, s->max_objects,
            s->fifo_len, s->fifo_capacity, s->store_used, s->store_peak, s->store_capacity, s->mem_used, s->mem_capacity,
            kinf_log_item_name(kinf_last_error(inf)));
#ifndef KINF_NO_WATCH_LIST
    fprintf(stderr, "# stats watch_lists=%llu watch_list_fallbacks=%llu\n", (unsigned long long)s->watch_lists,
            (unsigned long long)s->watch_list_fallbacks);
#endif
#ifndef KINF_NO_GZIP
    fprintf(stderr, "# stats gzip_responses=%llu gzip_bytes_in=%llu gzip_bytes_out=%llu\n", (unsigned long long)s->gzip_responses,
            (unsigned long long)s->gzip_bytes_in, (unsigned long long)s->gzip_bytes_out);
#endif
    fprintf(stderr, "# stats fresh_age_ms=%lld\n", (long long)s->fresh_age_ms); /* -1: never confirmed current */
}
/* --max-events: one more change handled; the last stops the watch */
TOOL_PRIVATE int tool_events_done(void) { return g_max_events >= 0 && g_events >= g_max_events; }
TOOL_PRIVATE void tool_count_event(void) {
    g_events++;
    if (tool_events_done()) { tool_stop(); }
}

/* SIGINT and SIGTERM stop the watch (no SA_RESETHAND: a second one is
   handled the same); on_usr1, when not 0, takes SIGUSR1; SIGPIPE is ignored */
TOOL_PRIVATE void tool_on_signal(int sig) { g_signal = sig; tool_stop(); }
TOOL_PRIVATE void tool_install_signals(void (*on_usr1)(int)) {
    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = tool_on_signal;
    sigaction(SIGINT, &sa, 0);
    sigaction(SIGTERM, &sa, 0);
    if (on_usr1) { sa.sa_handler = on_usr1; sigaction(SIGUSR1, &sa, 0); }
    sa.sa_handler = SIG_IGN;
    sigaction(SIGPIPE, &sa, 0);
}
TOOL_PRIVATE double tool_now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}
/* how long a loop that began at t0 may wait, at most ms: less near
   --timeout's end, -1 once it has passed */
TOOL_PRIVATE int tool_wait(double t0, int ms) {
    double left;
    if (g_timeout < 0) { return ms; }
    left = g_timeout - (tool_now_s() - t0);
    if (left <= 0) { return -1; }
    return left * 1000 < ms ? (int)(left * 1000) + 1 : ms;
}
/* as kubectl: before the first sync, a final error means the request is
   wrong (a 400 or a 404), so retrying will not help; the error line with
   the server's message is on stderr already. 1: given up */
TOOL_PRIVATE int tool_refused(int synced) {
    if (!g_final || synced) { return 0; }
    tool_log_flush();
    fprintf(stderr, TOOL_NAME ": giving up: the server refused the request (%s); retrying cannot fix it%s\n", kinf_log_item_name(g_final),
            g_https_hint ? ": the server speaks TLS: use https://" : "");
    return 1;
}
/* the bytes every informer, and discovery, read */
TOOL_PRIVATE void tool_totals(uint64_t* bytes, uint64_t* lost, void (*each)(kinf_informer_t* inf, const kinf_stats_t* s));
TOOL_PRIVATE uint64_t tool_bytes(void) {
    uint64_t b = 0, lost;
    tool_totals(&b, &lost, 0);
#ifndef KINF_NO_FACTORY
    if (g_fac) { b += kinf_discovery_stats(kinf_factory_discovery(g_fac)).bytes_read; }
#endif
    return b;
}
/* fail fast for a tool a user runs (kwatch, kubediff): d is its
   descriptor, complete */
TOOL_PRIVATE void tool_fail_fast(const kinf_desc_t* d) {
    g_fail_fast = !g_retry_forever;
    g_token_file = d->token_file && d->token_file[0];
#ifndef KINF_NO_EXEC
    g_exec = d->exec && d->exec->command && d->exec->command[0];
#endif
    g_plain_http = d->server && !strncmp(d->server, "http://", 7);
}
/* with fail fast, before the first sync: has an error come that will not
   pass by itself? Then the reason is said, the watch stopped, and 1
   returned */
TOOL_PRIVATE int tool_give_up(int synced) {
    if (!g_fail_fast || synced) { return 0; }
    tool_check_closed();
    if (!g_permanent) { return 0; }
    tool_log_flush();
    fprintf(stderr, TOOL_NAME ": giving up: %s (%s); --retry-forever keeps trying\n", g_permanent_why, kinf_log_item_name(g_permanent));
    tool_stop();
    return 1;
}
#define TOOL_RETRY_FOREVER_OPT \
    { "--retry-forever", 0, OPT_SET, OPT_VAR(g_retry_forever), \
      "  --retry-forever        before the first sync, retry errors that will not pass (401, 403, bad\n" \
      "                         certificates, refused connects) instead of exiting 1 as kubectl does\n" }

/* splits a comma list in place, empty items left out; returns the count */
TOOL_PRIVATE int tool_split(char* s, const char** out, int max) {
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
/* A core/v1 plural or one API path: one informer, watched with no
   discovery. Anything else (short names, Kinds, NAME.GROUP, several) is
   resolved by discovery and watched through a factory. */
TOOL_PRIVATE int tool_plain_resource(const char* r) {
    static const char* const core[] = { "pods", "configmaps", "secrets", "services", "nodes", "namespaces", "events",
                                        "endpoints", "persistentvolumes", "persistentvolumeclaims", "serviceaccounts",
                                        "replicationcontrollers", "limitranges", "resourcequotas", "podtemplates", 0 };
    int k;
    if (strchr(r, ',')) { return 0; }
    if (r[0] == '/') { return 1; }
    for (k = 0; core[k]; k++) { if (!strcmp(r, core[k])) { return 1; } }
    return 0;
}
#ifndef KINF_NO_FACTORY
/* discovery, waiting no longer than --timeout (30 s at most) */
TOOL_PRIVATE int tool_discover(void) {
    return kinf_factory_discover(g_fac, g_timeout >= 0 && g_timeout < 30 ? (int)(g_timeout * 1000) + 1 : 30000);
}
#endif
#endif
