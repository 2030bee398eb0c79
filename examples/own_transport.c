/* own_transport - kinformer's engine driven over sockets this program opens
   and reads itself, with no kinf_poll or kinf_run: the pattern for an RTOS
   socket API, a proxy, or a connection a program already holds. Plain
   http:// only (a TLS library of your own would sit where send and recv are).
   `own-transport --help` for usage; its flags and output are kwatch's. */
#define _POSIX_C_SOURCE 200809L
#define KINFORMER_IMPLEMENTATION
#include "../kinformer.h"
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#ifndef MSG_NOSIGNAL
#define MSG_NOSIGNAL 0 /* SIGPIPE is ignored below anyway */
#endif

static const char* usage_text =
    "usage: own-transport --server URL [options] RESOURCE\n"
    "Watches Kubernetes objects as kwatch does, but over a transport of its own:\n"
    "it opens, reads and writes the sockets and hands the bytes to kinformer's engine.\n"
    "\n"
    "  RESOURCE               pods, configmaps, ... or an API path (/apis/apps/v1/deployments)\n"
    "  -s, --server URL       the API server, http:// only\n"
    "  -n, --namespace NS     one namespace (default: all)\n"
    "  -o name|none           name: \"ADDED ns/name RV\" per handler event (also MODIFIED,\n"
    "                         DELETED, DELETED! for a final-state-unknown delete); none: nothing\n"
    "  --timeout SECONDS      exit after this long\n"
    "  --exit-after-sync      exit 0 once the initial list is cached, printing \"# synced N objects\"\n"
    "  --dump-on-exit         on exit print \"# cache N objects\", then \"key RV\" per object sorted by key\n"
    "  -v, --verbose          log informational items to stderr (warnings and errors always)\n"
    "  -h, --help             this text\n"
    "SIGINT and SIGTERM stop it cleanly (the dump is still printed).\n"
    "Exit status: 0 success, 1 failure, 2 usage error.\n";

static volatile sig_atomic_t g_stop;
static int g_output; /* 0 name, 1 none */
static int g_verbose;

static void on_signal(int sig) { (void)sig; g_stop = 1; }
static uint64_t now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}
static void print_event(const char* type, const kinf_object_t* o, int fsu) {
    if (g_output == 0) { printf("%s%s %s %s\n", type, fsu ? "!" : "", o->key, o->resource_version); fflush(stdout); }
}
static void on_add(kinf_informer_t* inf, const kinf_object_t* o, void* u) { (void)inf; (void)u; print_event("ADDED", o, 0); }
static void on_update(kinf_informer_t* inf, const kinf_object_t* old, const kinf_object_t* o, void* u) {
    (void)inf; (void)old; (void)u; print_event("MODIFIED", o, 0);
}
static void on_delete(kinf_informer_t* inf, const kinf_object_t* o, int fsu, void* u) { (void)inf; (void)u; print_event("DELETED", o, fsu); }
/* too large to keep: identity only, printed as kwatch prints it */
static void on_oversized(kinf_informer_t* inf, const kinf_object_t* old, const kinf_object_t* o, void* u) {
    (void)inf; (void)u; print_event(old ? "MODIFIED" : "ADDED", o, 0);
}
static void logger(const char* tag, uint32_t level, uint32_t item, const char* msg, uint32_t line, const char* file, void* user) {
    (void)tag; (void)line; (void)file; (void)user;
    if (level > KINF_LOG_WARN && !g_verbose) { return; }
    fprintf(stderr, "own-transport: %s %s: %s\n", level <= KINF_LOG_ERROR ? "error" : level == KINF_LOG_WARN ? "warning" : "info",
            kinf_log_item_name(item), msg ? msg : "");
}
static int usage_error(const char* what, const char* arg) {
    fprintf(stderr, "own-transport: %s%s%s\nTry 'own-transport --help'.\n", what, arg ? ": " : "", arg ? arg : "");
    return 2;
}
static int cmp_key(const void* a, const void* b) { return strcmp(((const kinf_object_t*)a)->key, ((const kinf_object_t*)b)->key); }
static void dump_cache(kinf_informer_t* inf) {
    int n = kinf_count(inf), k = 0, i;
    kinf_object_t* all = (kinf_object_t*)calloc((size_t)n + 1, sizeof(kinf_object_t));
    kinf_iter_t it;
    if (!all) { return; }
    memset(&it, 0, sizeof(it));
    while (k < n && kinf_next(inf, &it, &all[k])) { k++; }
    qsort(all, (size_t)k, sizeof(all[0]), cmp_key);
    printf("# cache %d objects\n", k);
    for (i = 0; i < k; i++) { printf("%s %s\n", all[i].key, all[i].resource_version); }
    fflush(stdout);
    free(all);
}

/* The transport: one TCP connection, connected blocking (a signal interrupts
   it), then non-blocking for the request and the response. */
static int g_fd = -1;
static int tcp_open(const kinf_server_t* srv) {
    struct addrinfo hints, *res = 0, *ai;
    char port[8];
    int fd = -1;
    memset(&hints, 0, sizeof(hints));
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    snprintf(port, sizeof(port), "%u", (unsigned)srv->port);
    if (getaddrinfo(srv->host, port, &hints, &res) != 0) { return -1; }
    for (ai = res; ai && fd < 0; ai = ai->ai_next) {
        fd = socket(ai->ai_family, SOCK_STREAM, 0);
        if (fd >= 0 && connect(fd, ai->ai_addr, ai->ai_addrlen) != 0) { close(fd); fd = -1; }
    }
    freeaddrinfo(res);
    if (fd >= 0) { fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK); }
    return fd;
}
static void tcp_close(void) {
    if (g_fd >= 0) { close(g_fd); }
    g_fd = -1;
}
/* Does what the engine asks until it asks for nothing this transport can do
   now. Returns the poll events to wait for (0: none, wait for the deadline). */
static short drive(kinf_engine_t* e, int* fatal) {
    int rounds;
    for (rounds = 0; rounds < 256; rounds++) {
        uint64_t now = now_ms();
        unsigned st = kinf_engine_tick(e, now);
        if (st & KINF_ENG_CLOSE) { tcp_close(); kinf_engine_closed(e, now); continue; }
        if (st & KINF_ENG_TOKEN) { kinf_engine_refresh_token_file(e, now); continue; }
        if (st & KINF_ENG_CONNECT) {
            kinf_server_t srv = kinf_engine_server(e);
            if (srv.https) { fprintf(stderr, "own-transport: https:// is not spoken by this transport\n"); *fatal = 1; return 0; }
            tcp_close();
            g_fd = tcp_open(&srv);
            if (g_fd < 0) { kinf_engine_failed(e, KINF_LOGITEM_CONNECT_FAILED, srv.host, now); }
            else { kinf_engine_connected(e, now); }
            continue;
        }
        if (st & KINF_ENG_SEND) {
            size_t len;
            const uint8_t* b = kinf_engine_sendbuf(e, &len);
            ssize_t w;
            if (!b) { continue; }
            w = send(g_fd, b, len, MSG_NOSIGNAL);
            if (w > 0) { kinf_engine_sent(e, (size_t)w, now); continue; }
            if (w < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) { return POLLOUT; }
            tcp_close();
            kinf_engine_failed(e, KINF_LOGITEM_IO_ERROR, "send", now);
            continue;
        }
        if (st & KINF_ENG_RECV) {
            size_t cap;
            uint8_t* b = kinf_engine_recvbuf(e, &cap);
            ssize_t r = recv(g_fd, b, cap, 0);
            if (r > 0) { kinf_engine_recvd(e, (size_t)r, now); return -1; } /* handlers run between reads */
            if (r == 0) { tcp_close(); kinf_engine_closed(e, now); continue; }
            if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return POLLIN; }
            tcp_close();
            kinf_engine_failed(e, KINF_LOGITEM_IO_ERROR, "recv", now);
            continue;
        }
        return 0;
    }
    return -1;
}

int main(int argc, char** argv) {
    kinf_desc_t d;
    kinf_handler_t h;
    kinf_informer_t* inf;
    const char* resource = 0;
    double timeout = -1;
    int exit_after_sync = 0, dump = 0, i, rc = 0, fatal = 0;
    uint64_t t0;
    size_t size;
    void* mem;
    struct sigaction sa;

    memset(&d, 0, sizeof(d));
    d.max_objects = 16384;
    d.max_event_bytes = 1u << 20;
    d.store_bytes = 32u << 20;
    for (i = 1; i < argc; i++) {
        const char* a = argv[i];
        const char* v = i + 1 < argc ? argv[i + 1] : 0;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) { fputs(usage_text, stdout); return 0; }
        else if (!strcmp(a, "-s") || !strcmp(a, "--server")) { if (!v) { return usage_error("missing value", a); } d.server = v; i++; }
        else if (!strcmp(a, "-n") || !strcmp(a, "--namespace")) { if (!v) { return usage_error("missing value", a); } d.namespace_ = v; i++; }
        else if (!strcmp(a, "-o") || !strcmp(a, "--output")) {
            if (!v) { return usage_error("missing value", a); }
            if (!strcmp(v, "name")) { g_output = 0; } else if (!strcmp(v, "none")) { g_output = 1; }
            else { return usage_error("-o takes name or none", v); }
            i++;
        }
        else if (!strcmp(a, "--timeout")) {
            char* end;
            if (!v) { return usage_error("missing value", a); }
            timeout = strtod(v, &end);
            if (*end || timeout < 0) { return usage_error("expected a non-negative number", v); }
            i++;
        }
        else if (!strcmp(a, "--exit-after-sync")) { exit_after_sync = 1; }
        else if (!strcmp(a, "--dump-on-exit")) { dump = 1; }
        else if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) { g_verbose = 1; }
        else if (a[0] == '-' && a[1]) { return usage_error("unknown option", a); }
        else if (!resource) { resource = a; }
        else { return usage_error("more than one RESOURCE", a); }
    }
    if (!resource) { return usage_error("missing RESOURCE", 0); }
    if (!d.server) { return usage_error("missing --server", 0); }
    d.resource = resource;
    d.own_transport = 1; /* this program does the I/O: no TLS block, and kinf_poll would refuse */
    d.logger.func = logger;
    d.tag = "own-transport";
    size = kinf_informer_size(&d);
    mem = malloc(size); /* the one allocation: the library takes all its memory from here */
    if (!mem) { fprintf(stderr, "own-transport: cannot allocate %zu bytes\n", size); return 1; }
    inf = kinf_init(mem, size, &d);
    if (!inf) { free(mem); return 1; }
    memset(&h, 0, sizeof(h));
    h.on_add = on_add; h.on_update = on_update; h.on_delete = on_delete; h.on_oversized = on_oversized;
    kinf_add_handler(inf, &h);
    memset(&sa, 0, sizeof(sa));
    sigemptyset(&sa.sa_mask);
    sa.sa_handler = on_signal; /* no SA_RESTART: a blocking connect or poll returns */
    sigaction(SIGINT, &sa, 0);
    sigaction(SIGTERM, &sa, 0);
    sa.sa_handler = SIG_IGN;
    sigaction(SIGPIPE, &sa, 0);

    t0 = now_ms();
    while (!g_stop && !fatal) {
        short ev = drive(kinf_informer_engine(inf), &fatal);
        uint64_t now = now_ms(), dl;
        int wait = 200;
        kinf_engine_dispatch(kinf_informer_engine(inf), now);
        if (exit_after_sync && kinf_has_synced(inf)) {
            printf("# synced %d objects\n", kinf_count(inf));
            fflush(stdout);
            break;
        }
        if (timeout >= 0) {
            double left = timeout * 1000.0 - (double)(now - t0);
            if (left <= 0) { break; }
            if (left < wait) { wait = (int)left + 1; }
        }
        dl = kinf_engine_deadline(kinf_informer_engine(inf));
        if (ev < 0 || dl <= now) { continue; } /* more to do at once */
        if (dl - now < (uint64_t)wait) { wait = (int)(dl - now); }
        if (g_fd >= 0 && ev > 0) {
            struct pollfd pf;
            pf.fd = g_fd; pf.events = ev; pf.revents = 0;
            poll(&pf, 1, wait);
        } else {
            poll(0, 0, wait);
        }
    }
    if (fatal) { rc = 1; }
    if (exit_after_sync && !kinf_has_synced(inf) && !g_stop) { rc = 1; }
    kinf_engine_dispatch(kinf_informer_engine(inf), now_ms()); /* what the cache holds reaches the handlers before the dump */
    if (dump) { dump_cache(inf); }
    tcp_close();
    free(mem);
    return rc;
}
